import type { User } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { removeRecord } from "../../../components/list/index.ts";
import { apiSend } from "../../../lib/api-client.ts";
import { userQueryKey, usersListPrefix } from "./query-keys.ts";

/** DELETE /users/{id}. */
export function deleteUser(id: number): Promise<void> {
  return apiSend(`/users/${id}`, { method: "DELETE" });
}

/** Deletes a user and drops them from the lists. Failures become error toasts. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_result, id) => {
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: usersListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<User>>[0]) => removeRecord(data, id));
      }
      queryClient.removeQueries({ queryKey: userQueryKey(id) });
    },
  });
}
