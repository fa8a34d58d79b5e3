import type { Announcement } from "@conversa/shared";
import { STORAGE_KEYS } from "../../../lib/storage.ts";

const keyOf = (userId: number) => `${STORAGE_KEYS.announcementsSeen}:${userId}`;

/** The newest announcement (by id) the user has seen in the popover; 0 when none. */
export function readSeenAnnouncementId(userId: number): number {
  const value = Number(localStorage.getItem(keyOf(userId)));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

export function saveSeenAnnouncementId(userId: number, id: number): void {
  localStorage.setItem(keyOf(userId), String(id));
}

/** Active announcements newer than the last one seen: the popover button's badge. */
export function countUnseen(announcements: readonly Pick<Announcement, "id" | "status">[], seenId: number): number {
  return announcements.filter((announcement) => announcement.status && announcement.id > seenId).length;
}
