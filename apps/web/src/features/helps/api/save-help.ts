import { type Help, type HelpBody, ZHelp } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { helpsQueryKey } from "./query-keys.ts";

export interface SaveHelpInput {
  /** The help video to change; null creates one. */
  id: number | null;
  body: HelpBody;
}

/** POST /helps, or PUT /helps/{id}. Rejects with ERR_VALIDATION, ERR_NO_HELP_FOUND, ERR_NO_PERMISSION. */
export function saveHelp({ id, body }: SaveHelpInput): Promise<Help> {
  return id === null ? apiRequest("/helps", ZHelp, { method: "POST", body }) : apiRequest(`/helps/${id}`, ZHelp, { method: "PUT", body });
}

const byTitle = (a: Help, b: Help) => a.title.localeCompare(b.title) || a.id - b.id;

/** Creates or changes a help video; the table shows it at once. The tab shows the save failure text itself. */
export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHelp,
    meta: { silentError: true },
    onSuccess: (help) => {
      queryClient.setQueryData<Help[]>(helpsQueryKey, (helps) => (helps ? [...helps.filter((other) => other.id !== help.id), help].sort(byTitle) : helps));
    },
  });
}
