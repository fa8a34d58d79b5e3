import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { userQueryKey, usersListPrefix } from "./query-keys.ts";

/** DELETE /users/{id}/2fa: turns the user's two-step verification off (a lost phone). */
export function resetUserTwoFactor(id: number): Promise<void> {
  return apiSend(`/users/${id}/2fa`, { method: "DELETE" });
}

/** Resets a user's two-step verification and reads the lists again. Failures become error toasts. */
export function useResetUserTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserTwoFactor,
    onSuccess: (_result, id) => {
      void queryClient.invalidateQueries({ queryKey: usersListPrefix });
      void queryClient.invalidateQueries({ queryKey: userQueryKey(id) });
    },
  });
}
