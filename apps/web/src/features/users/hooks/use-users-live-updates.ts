import { type User, ZUser } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type ListPage, useLiveRecords } from "../../../components/list/index.ts";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { usersListPrefix } from "../api/query-keys.ts";
import { belongsToList } from "../utils/user-search.ts";
import { patchOnline } from "../utils/users-cache.ts";

/** `company-{id}-user` also carries online changes: `{action: "presence", userId, online}` (UserPresencePayload). */
const ZPresenceEvent = z.object({ action: z.literal("presence"), userId: z.number(), online: z.boolean() });

/**
 * Keeps the Users page's cached lists in step with `company-{id}-user`: users created, changed or
 * deleted elsewhere, and the online dot of users who connect or leave.
 */
export function useUsersLiveUpdates(): void {
  const queryClient = useQueryClient();
  useLiveRecords("user", { queryKeyPrefix: usersListPrefix, schema: ZUser, belongs: belongsToList });
  useCompanyEvent("user", (payload) => {
    const event = ZPresenceEvent.safeParse(payload);
    if (!event.success) return;
    const { userId: id, online } = event.data;
    for (const [queryKey] of queryClient.getQueriesData<ListPage<User>>({ queryKey: usersListPrefix })) {
      queryClient.setQueryData(queryKey, (data: Parameters<typeof patchOnline>[0]) => patchOnline(data, id, online));
    }
  });
}
