import type { Announcement } from "@conversa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { removeRecord } from "../../../components/list/index.ts";
import { belongsToAnnouncementList, placeAnnouncement } from "../utils/announcement-list.ts";
import { announcementQueryKey, announcementsListPrefix } from "./query-keys.ts";

/** Shows a saved (or announced) announcement in every cached list where it matches, in the server's order, and in its detail. */
export function storeAnnouncement(queryClient: QueryClient, announcement: Announcement): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: announcementsListPrefix })) {
    queryClient.setQueryData(queryKey, (data: Parameters<typeof placeAnnouncement>[0]) => placeAnnouncement(data, announcement, belongsToAnnouncementList(announcement, queryKey)));
  }
  queryClient.setQueryData(announcementQueryKey(announcement.id), announcement);
}

/** Drops a deleted (or no longer visible) announcement from every cached list. */
export function forgetAnnouncement(queryClient: QueryClient, id: number): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: announcementsListPrefix })) {
    queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<Announcement>>[0]) => removeRecord(data, id));
  }
  queryClient.removeQueries({ queryKey: announcementQueryKey(id) });
}
