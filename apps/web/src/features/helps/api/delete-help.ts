import type { Help } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { helpsQueryKey } from "./query-keys.ts";

/** DELETE /helps/{id}. Rejects with ERR_NO_HELP_FOUND, ERR_NO_PERMISSION. */
export function deleteHelp(id: number): Promise<void> {
  return apiSend(`/helps/${id}`, { method: "DELETE" });
}

/** Deletes a help video and drops it from the table. Failures become error toasts. */
export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHelp,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Help[]>(helpsQueryKey, (helps) => helps?.filter((help) => help.id !== id));
    },
  });
}
