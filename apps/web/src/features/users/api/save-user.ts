import { type CreateUserBody, type UpdateUserBody, type User, ZUser } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { upsertRecord } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { belongsToList } from "../utils/user-search.ts";
import { userQueryKey, usersListPrefix } from "./query-keys.ts";

export type SaveUserInput = { id: null; body: CreateUserBody } | { id: number; body: UpdateUserBody };

/** POST /users, or PUT /users/{id} when `id` is given. */
export function saveUser(input: SaveUserInput): Promise<User> {
  return input.id === null
    ? apiRequest("/users", ZUser, { method: "POST", body: input.body })
    : apiRequest(`/users/${input.id}`, ZUser, { method: "PUT", body: input.body });
}

/** Creates or changes a user; the lists show the result at once. Failures become error toasts. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (user) => {
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: usersListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<User>>[0]) => upsertRecord(data, user, belongsToList(user, queryKey)));
      }
      queryClient.setQueryData(userQueryKey(user.id), user);
    },
  });
}
