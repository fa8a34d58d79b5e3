import { type Announcement, type ListAnnouncementsResponse, ZListAnnouncementsResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { announcementsListQueryKey } from "./query-keys.ts";

/**
 * GET /announcements: one page (20) by priority then newest, searched in title and text. Every user
 * gets the active ones; super users the inactive ones too.
 */
export function fetchAnnouncementPage(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListAnnouncementsResponse> {
  return apiRequest("/announcements", ZListAnnouncementsResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
}

/** The page's announcements, page after page as the user scrolls; a new search restarts them. */
export function useAnnouncementRecords(searchParam: string) {
  return useInfiniteList<Announcement>({
    queryKey: announcementsListQueryKey(searchParam),
    fetchPage: async (pageNumber, signal): Promise<ListPage<Announcement>> => fetchAnnouncementPage(searchParam, pageNumber, signal),
  });
}

/** The top bar popover's announcements, page after page; a failure shows in the popover, not as a toast on every page. */
export function usePopoverAnnouncements() {
  return useInfiniteList<Announcement>({
    queryKey: announcementsListQueryKey("", true),
    fetchPage: async (pageNumber, signal): Promise<ListPage<Announcement>> => fetchAnnouncementPage("", pageNumber, signal),
    silentError: true,
  });
}
