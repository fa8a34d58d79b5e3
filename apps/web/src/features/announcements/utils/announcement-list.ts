import type { Announcement } from "@conversa/shared";
import type { InfiniteData, QueryKey } from "@tanstack/react-query";
import type { ListPage } from "../../../components/list/index.ts";

type Pages = InfiniteData<ListPage<Announcement>, number> | undefined;

/** The server's order: highest priority (1) first, then newest. Negative when `a` comes first. */
export function compareAnnouncements(a: Pick<Announcement, "id" | "priority">, b: Pick<Announcement, "id" | "priority">): number {
  return a.priority - b.priority || b.id - a.id;
}

/** The search of a cached list, read from its query key (`[..., { searchParam }]`). */
function searchOf(queryKey: QueryKey): string {
  const last = queryKey.at(-1);
  return typeof last === "object" && last !== null && "searchParam" in last && typeof last.searchParam === "string" ? last.searchParam.trim().toLowerCase() : "";
}

/** Whether an announcement belongs in the list cached under `queryKey`: it matches the search in title or text. */
export function belongsToAnnouncementList(announcement: Pick<Announcement, "title" | "text">, queryKey: QueryKey): boolean {
  const term = searchOf(queryKey);
  return term === "" || announcement.title.toLowerCase().includes(term) || announcement.text.toLowerCase().includes(term);
}

/**
 * A list after an announcement was created or changed: taken out of where it was and put back in the
 * server's order among the loaded rows (a change of priority moves it). When it would come after the
 * last loaded row and more pages exist, it is left for those pages to bring.
 */
export function placeAnnouncement(data: Pages, announcement: Announcement, belongs: boolean): Pages {
  if (!data) return data;
  const pages = data.pages.map((page) => ({ ...page, records: page.records.filter((record) => record.id !== announcement.id) }));
  if (!belongs || pages.length === 0) return { ...data, pages };
  for (const page of pages) {
    const index = page.records.findIndex((record) => compareAnnouncements(announcement, record) < 0);
    if (index !== -1) {
      page.records.splice(index, 0, announcement);
      return { ...data, pages };
    }
  }
  const last = pages.at(-1)!;
  if (!last.hasMore) last.records.push(announcement);
  return { ...data, pages };
}
