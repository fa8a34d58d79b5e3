import type { Announcement } from "@conversa/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ListPage } from "../../../components/list/index.ts";
import { belongsToAnnouncementList, placeAnnouncement } from "./announcement-list.ts";
import { countUnseen } from "./announcements-seen.ts";

const announcement = (id: number, priority: 1 | 2 | 3, overrides: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Aviso ${id}`,
  text: "Texto",
  priority,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  ...overrides,
});
const pages = (...lists: [Announcement[], boolean][]): InfiniteData<ListPage<Announcement>, number> => ({
  pages: lists.map(([records, hasMore]) => ({ records, hasMore })),
  pageParams: lists.map((_, i) => i + 1),
});
const ids = (data: ReturnType<typeof placeAnnouncement>) => data?.pages.map((page) => page.records.map((record) => record.id));

describe("placeAnnouncement", () => {
  const loaded = pages([[announcement(9, 1), announcement(4, 1), announcement(8, 2), announcement(2, 3)], false]);

  it.each([
    ["a new high one goes first among the high ones (newest first)", announcement(10, 1), [[10, 9, 4, 8, 2]]],
    ["a new medium one goes after the high ones", announcement(11, 2), [[9, 4, 11, 8, 2]]],
    ["a new low one goes last", announcement(12, 3), [[9, 4, 8, 12, 2]]],
    ["a change of priority moves it", announcement(4, 3), [[9, 8, 4, 2]]],
  ] as const)("%s", (_label, record, expected) => {
    expect(ids(placeAnnouncement(loaded, record, true))).toEqual(expected);
  });

  it("takes out one that no longer belongs, and leaves one past the loaded rows to the pages still to come", () => {
    expect(ids(placeAnnouncement(loaded, announcement(8, 2), false))).toEqual([[9, 4, 2]]);
    const partial = pages([[announcement(9, 1), announcement(4, 2)], true]);
    expect(ids(placeAnnouncement(partial, announcement(20, 3), true))).toEqual([[9, 4]]);
  });
});

describe("belongsToAnnouncementList", () => {
  it("matches the search in title or text, ignoring case; an empty search takes everything", () => {
    const record = announcement(1, 1, { title: "Manutenção", text: "Domingo às 2h" });
    expect(belongsToAnnouncementList(record, ["announcements", "list", { searchParam: "" }])).toBe(true);
    expect(belongsToAnnouncementList(record, ["announcements", "list", { searchParam: "MANUT" }])).toBe(true);
    expect(belongsToAnnouncementList(record, ["announcements", "list", { searchParam: "domingo" }])).toBe(true);
    expect(belongsToAnnouncementList(record, ["announcements", "list", { searchParam: "feriado" }])).toBe(false);
  });
});

describe("countUnseen", () => {
  it("counts the active announcements newer than the last one seen", () => {
    const list = [announcement(5, 1), announcement(7, 2), announcement(9, 3, { status: false }), announcement(3, 3)];
    expect(countUnseen(list, 0)).toBe(3);
    expect(countUnseen(list, 5)).toBe(1);
    expect(countUnseen(list, 9)).toBe(0);
  });
});
