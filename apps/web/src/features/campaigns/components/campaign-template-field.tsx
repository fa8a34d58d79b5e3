import { type CampaignTemplate, type CloudTemplate, renderTemplate } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCampaignTemplates } from "../api/campaign-templates.ts";

const keyOf = (template: Pick<CloudTemplate, "name" | "language">) => `${template.name}|${template.language}`;

interface CampaignTemplateFieldProps {
  whatsappId: number;
  value: CampaignTemplate | null;
  onChange: (template: CampaignTemplate | null) => void;
  /** The placeholders a parameter may hold (`{nome}`, …), filled for every recipient. */
  placeholders: readonly string[];
  confirmation: boolean;
  disabled: boolean;
  error?: string | undefined;
}

/**
 * The official line's first message of a campaign: one of the connection's approved templates, each
 * `{{n}}` parameter a text where the campaign's placeholders are filled for every recipient, and the
 * text a recipient will read.
 */
export function CampaignTemplateField({ whatsappId, value, onChange, placeholders, confirmation, disabled, error }: CampaignTemplateFieldProps) {
  const { t } = useTranslation();
  const templates = useCampaignTemplates(whatsappId);
  const [focused, setFocused] = useState(0);
  const list = templates.data ?? [];
  const selected = value ? list.find((template) => keyOf(template) === keyOf(value)) : undefined;

  const choose = (key: string) => {
    const template = list.find((candidate) => keyOf(candidate) === key);
    if (!template) return onChange(null);
    setFocused(0);
    onChange({ name: template.name, language: template.language, parameters: Array.from({ length: template.parameterCount }, (_, i) => value?.parameters[i] ?? "") });
  };
  const setParameter = (index: number, text: string) => {
    if (value) onChange({ ...value, parameters: value.parameters.map((item, position) => (position === index ? text : item)) });
  };
  const insert = (placeholder: string) => {
    const current = value?.parameters[focused];
    if (current === undefined) return;
    setParameter(focused, current === "" || current.endsWith(" ") ? `${current}${placeholder}` : `${current} ${placeholder}`);
  };

  return (
    <Stack spacing={2} data-testid="campaign-template">
      <Alert severity="info">{t(confirmation ? "campaigns.template.helpConfirmation" : "campaigns.template.help")}</Alert>
      {templates.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void templates.refetch()}>
              {t("campaigns.template.retry")}
            </Button>
          }
        >
          {t("campaigns.template.loadFailed")}
        </Alert>
      ) : null}
      <TextField
        select
        label={t("campaigns.template.label")}
        value={value && (selected || templates.isPending) ? keyOf(value) : ""}
        onChange={(event) => choose(event.target.value)}
        disabled={disabled}
        required
        error={Boolean(error)}
        helperText={error ?? (templates.isSuccess && !list.some((template) => template.status === "APPROVED") ? t("campaigns.template.none") : undefined)}
        fullWidth
      >
        {value && !selected ? (
          <MenuItem value={keyOf(value)} sx={{ display: "none" }}>
            {`${value.name} · ${value.language}`}
          </MenuItem>
        ) : null}
        {list.map((template) => (
          <MenuItem key={keyOf(template)} value={keyOf(template)} disabled={template.status !== "APPROVED"}>
            {`${template.name} · ${template.language} · ${template.category}`}
            {template.status === "APPROVED" ? "" : ` (${template.status})`}
          </MenuItem>
        ))}
      </TextField>
      {value?.parameters.map((parameter, index) => (
        <TextField
          key={index}
          label={t("campaigns.template.parameter", { n: index + 1 })}
          value={parameter}
          onChange={(event) => setParameter(index, event.target.value)}
          onFocus={() => setFocused(index)}
          disabled={disabled}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 1024 } }}
        />
      ))}
      {value && value.parameters.length > 0 ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }} aria-label={t("campaigns.form.variables")}>
          {placeholders.map((placeholder) => (
            <Chip key={placeholder} size="small" variant="outlined" label={placeholder} onClick={disabled ? undefined : () => insert(placeholder)} />
          ))}
        </Stack>
      ) : null}
      {selected && value ? (
        <Box>
          <Typography variant="caption" color="text.secondary" component="h3">
            {t("campaigns.template.preview")}
          </Typography>
          <Paper variant="outlined" sx={{ p: 1.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="campaign-template-preview">
            {renderTemplate(selected.body, value.parameters)}
          </Paper>
        </Box>
      ) : null}
    </Stack>
  );
}
