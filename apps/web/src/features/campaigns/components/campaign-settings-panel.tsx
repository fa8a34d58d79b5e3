import { type CampaignSettings, type CampaignVariable, GREATER_INTERVAL_OPTIONS, LONGER_INTERVAL_AFTER_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from "@conversa/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast, toastError } from "../../../lib/toast.ts";
import { useCampaignSettings, useSaveCampaignSettings } from "../api/campaign-settings.ts";

/**
 * /campaigns-config (spec admin §2, §3, §9): the dispatch intervals with their options, the variables
 * ({key} → value; a key already listed is not added) and the opt-out words. 'Configurações salvas' after saving.
 */
export function CampaignSettingsPanel() {
  const { t } = useTranslation();
  const settings = useCampaignSettings();
  return (
    <PageContainer title={t("menu.campaignsConfig")}>
      {settings.isLoading && <CircularProgress aria-label={t("campaignsConfig.loading")} />}
      {settings.isError && <Typography color="error">{t("campaignsConfig.loadFailed")}</Typography>}
      {settings.data && <SettingsForm initial={settings.data} />}
    </PageContainer>
  );
}

function SettingsForm({ initial }: { initial: CampaignSettings }) {
  const { t } = useTranslation();
  const save = useSaveCampaignSettings();
  const [values, setValues] = useState(initial);
  const [variable, setVariable] = useState<CampaignVariable>({ key: "", value: "" });
  const [words, setWords] = useState(initial.optOutWords.join(", "));

  const interval = (field: "messageInterval" | "longerIntervalAfter" | "greaterInterval", options: readonly number[], unit: "seconds" | "messages") => (
    <TextField
      select
      label={t(`campaignsConfig.${field}`)}
      value={values[field]}
      onChange={(event) => setValues({ ...values, [field]: Number(event.target.value) })}
      sx={{ minWidth: 240 }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option === 0 ? t("campaignsConfig.none") : unit === "seconds" ? t("campaignsConfig.seconds", { count: option }) : t("campaignsConfig.messages", { count: option })}
        </MenuItem>
      ))}
    </TextField>
  );

  const keyTaken = values.variables.some((item) => item.key.toLowerCase() === variable.key.trim().toLowerCase());
  const addVariable = () => {
    const key = variable.key.trim();
    if (key === "" || keyTaken) return;
    setValues({ ...values, variables: [...values.variables, { key, value: variable.value }] });
    setVariable({ key: "", value: "" });
  };

  const onSave = async () => {
    try {
      const optOutWords = words
        .split(",")
        .map((word) => word.trim())
        .filter((word) => word !== "");
      const saved = await save.mutateAsync({ ...values, optOutWords });
      setValues(saved);
      setWords(saved.optOutWords.join(", "));
      showToast(t("campaignsConfig.saved"), "success");
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t("campaignsConfig.intervals")}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
          {interval("messageInterval", MESSAGE_INTERVAL_OPTIONS, "seconds")}
          {interval("longerIntervalAfter", LONGER_INTERVAL_AFTER_OPTIONS, "messages")}
          {interval("greaterInterval", GREATER_INTERVAL_OPTIONS, "seconds")}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t("campaignsConfig.variables")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("campaignsConfig.variablesHelp")}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start", mb: 2 }}>
          <TextField
            label={t("campaignsConfig.key")}
            value={variable.key}
            onChange={(event) => setVariable({ ...variable, key: event.target.value })}
            error={keyTaken}
            helperText={keyTaken ? t("campaignsConfig.keyTaken") : " "}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField label={t("campaignsConfig.value")} value={variable.value} onChange={(event) => setVariable({ ...variable, value: event.target.value })} sx={{ flex: 1, minWidth: 240 }} />
          <Button variant="outlined" onClick={addVariable} disabled={variable.key.trim() === "" || keyTaken} sx={{ mt: 1 }}>
            {t("campaignsConfig.addVariable")}
          </Button>
        </Box>
        <Table size="small" aria-label={t("campaignsConfig.variables")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("campaignsConfig.key")}</TableCell>
              <TableCell>{t("campaignsConfig.value")}</TableCell>
              <TableCell align="right">{t("list.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {values.variables.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>
                  <Typography variant="body2" color="text.secondary">
                    {t("campaignsConfig.noVariables")}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {values.variables.map((item) => (
              <TableRow key={item.key}>
                <TableCell>{`{${item.key}}`}</TableCell>
                <TableCell sx={{ wordBreak: "break-word" }}>{item.value}</TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={t("campaignsConfig.removeVariable", { key: item.key })}
                    onClick={() => setValues({ ...values, variables: values.variables.filter((other) => other.key !== item.key) })}
                  >
                    <DeleteOutline />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t("campaignsConfig.optOut")}
        </Typography>
        <TextField fullWidth label={t("campaignsConfig.optOutWords")} helperText={t("campaignsConfig.optOutHelp")} value={words} onChange={(event) => setWords(event.target.value)} />
        <TextField
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          label={t("campaignsConfig.optOutConfirmation")}
          helperText={t("campaignsConfig.optOutConfirmationHelp")}
          value={values.optOutConfirmation}
          onChange={(event) => setValues({ ...values, optOutConfirmation: event.target.value })}
        />
      </Paper>
      <Box>
        <Button variant="contained" onClick={onSave} disabled={save.isPending}>
          {t("campaignsConfig.save")}
        </Button>
      </Box>
    </Stack>
  );
}
