import { ZListPromptsResponse, ZListQueueIntegrationsResponse } from "@conversa/shared";
import ListSubheader from "@mui/material/ListSubheader";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { type Control, Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../../lib/api-client.ts";
import type { QueueFormValues } from "../utils/queue-form.ts";

/** Who answers the queue's customers in the bot phase: the menus, an AI prompt or an integration (each only when the plan has it). */
export function QueueBotPicker({ control }: { control: Control<QueueFormValues> }) {
  const { t } = useTranslation();
  const prompts = useQuery({ queryKey: ["prompts", "picker"], queryFn: () => apiRequest("/prompt", ZListPromptsResponse, { query: { pageNumber: 1 } }), meta: { silentError: true }, retry: false });
  const integrations = useQuery({
    queryKey: ["queueIntegrations", "picker"],
    queryFn: () => apiRequest("/queueIntegration", ZListQueueIntegrationsResponse, { query: { pageNumber: 1 } }),
    meta: { silentError: true },
    retry: false,
  });
  const known = (value: string) =>
    (prompts.data?.prompts ?? []).some((p) => `prompt:${p.id}` === value) || (integrations.data?.queueIntegrations ?? []).some((i) => `integration:${i.id}` === value);
  return (
    <Controller
      control={control}
      name="bot"
      render={({ field }) => (
        <TextField select label={t("queues.form.bot")} fullWidth value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name}>
          <MenuItem value="">{t("queues.form.botNone")}</MenuItem>
          {(prompts.data?.prompts.length ?? 0) > 0 && <ListSubheader>{t("menu.prompts")}</ListSubheader>}
          {prompts.data?.prompts.map((prompt) => (
            <MenuItem key={`p${prompt.id}`} value={`prompt:${prompt.id}`}>
              {prompt.name}
            </MenuItem>
          ))}
          {(integrations.data?.queueIntegrations.length ?? 0) > 0 && <ListSubheader>{t("menu.queueIntegration")}</ListSubheader>}
          {integrations.data?.queueIntegrations.map((integration) => (
            <MenuItem key={`i${integration.id}`} value={`integration:${integration.id}`}>
              {integration.name} ({integration.type})
            </MenuItem>
          ))}
          {/* A stored choice the lists do not show (past their first page, or a plan that switched it off) stays as it is. */}
          {field.value && !known(field.value) ? <MenuItem value={field.value}>{field.value}</MenuItem> : null}
        </TextField>
      )}
    />
  );
}
