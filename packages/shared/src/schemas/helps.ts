import { z } from "zod";

/** Help video titles: 2 to 100 characters. */
export const HELP_TITLE_MIN = 2;
export const HELP_TITLE_MAX = 100;
/** Help video descriptions: optional, up to 1000 characters. */
export const HELP_DESCRIPTION_MAX = 1000;
/**
 * A video code: a YouTube video id, 11 characters of letters, digits, `_` and `-`. Nothing else is
 * accepted, so that the thumbnail and player URLs built from it can only point at one video.
 */
export const HELP_VIDEO_CODE = /^[A-Za-z0-9_-]{11}$/;
/** GET /helps answers pages of this many help videos. */
export const HELPS_PAGE_SIZE = 20;

/** A help video (spec admin §3). */
export const ZHelp = z.object({
  id: z.number(),
  title: z.string(),
  video: z.string(),
  description: z.string(),
});
export type Help = z.infer<typeof ZHelp>;

/** POST /helps and PUT /helps/{id}: the whole help video. */
export const ZHelpBody = z.strictObject({
  title: z.string().trim().min(HELP_TITLE_MIN).max(HELP_TITLE_MAX),
  video: z.string().trim().regex(HELP_VIDEO_CODE),
  description: z.string().trim().max(HELP_DESCRIPTION_MAX).default(""),
});
export type HelpBody = z.input<typeof ZHelpBody>;

/** GET /helps: a page of help videos by title, filtered by `searchParam`. */
export const ZListHelpsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListHelpsQuery = z.infer<typeof ZListHelpsQuery>;

export const ZListHelpsResponse = z.object({ helps: z.array(ZHelp), count: z.number(), hasMore: z.boolean() });
export type ListHelpsResponse = z.infer<typeof ZListHelpsResponse>;
