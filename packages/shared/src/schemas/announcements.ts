import { z } from "zod";

/** Announcement titles: required, up to 200 characters (the column's width). */
export const ANNOUNCEMENT_TITLE_MAX = 200;
/** Announcement texts: required, up to 5000 characters. */
export const ANNOUNCEMENT_TEXT_MAX = 5000;
/** Priorities (spec admin §3, §9): 1 high (red), 2 medium (orange), 3 low (grey). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const DEFAULT_ANNOUNCEMENT_PRIORITY = 3;
/** GET /announcements answers pages of this many announcements. */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** The attachment's accepted file name extensions (spec admin §5); the server checks the content. */
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;

export const ZAnnouncementPriority = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type AnnouncementPriority = z.infer<typeof ZAnnouncementPriority>;

/** An announcement (spec admin §3): installation-wide, written by super users, read by everyone. */
export const ZAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: ZAnnouncementPriority,
  /** Active: shown to every user of every company; inactive: seen by super users only. */
  status: z.boolean(),
  /** Authenticated URL of the attached image (`/media/announcements/{file}`), or null. */
  mediaPath: z.string().nullable(),
  /** The attached image's original name. */
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof ZAnnouncement>;

/** POST /announcements and PUT /announcements/{id}: the whole announcement; the attachment has its own calls. */
export const ZAnnouncementBody = z.strictObject({
  title: z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX),
  text: z.string().trim().min(1).max(ANNOUNCEMENT_TEXT_MAX),
  priority: ZAnnouncementPriority.default(DEFAULT_ANNOUNCEMENT_PRIORITY),
  status: z.boolean().default(true),
});
export type AnnouncementBody = z.input<typeof ZAnnouncementBody>;

/** GET /announcements: a page by priority then newest, filtered by `searchParam` (title or text). */
export const ZListAnnouncementsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListAnnouncementsQuery = z.infer<typeof ZListAnnouncementsQuery>;

export const ZListAnnouncementsResponse = z.object({ records: z.array(ZAnnouncement), count: z.number(), hasMore: z.boolean() });
export type ListAnnouncementsResponse = z.infer<typeof ZListAnnouncementsResponse>;
