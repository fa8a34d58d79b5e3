import { z } from "zod";
import { ZIdText } from "./common.ts";

export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_TEXT_MAX = 10000;

/** A quick reply (spec core §3, admin §3). */
export const ZQuickMessage = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  /** Shared with the whole company; otherwise private to its owner (`userId`). */
  geral: z.boolean(),
  status: z.boolean(),
  isMedia: z.boolean(),
  /** Authenticated URL of the attachment (`/media/{file}`), or null. */
  mediaPath: z.string().nullable(),
  /** The attachment's original name, spaces replaced by underscores. */
  mediaName: z.string().nullable(),
  userId: z.number().nullable(),
});
export type QuickMessage = z.infer<typeof ZQuickMessage>;

/**
 * POST /quick-messages and PUT /quick-messages/{id}. The attachment has its own calls: `isMedia`,
 * `mediaPath` and `mediaName` (spec admin §7) are accepted and ignored, but a `mediaPath` naming a file
 * other than the reply's own attachment is refused (ERR_MEDIA_PATH_REFUSED).
 */
export const ZQuickMessageBody = z.strictObject({
  shortcode: z.string().trim().min(1).max(QUICK_MESSAGE_SHORTCODE_MAX),
  message: z.string().max(QUICK_MESSAGE_TEXT_MAX).default(""),
  geral: z.boolean().default(false),
  status: z.boolean().optional(),
  isMedia: z.boolean().optional(),
  mediaPath: z.string().max(500).nullable().optional(),
  mediaName: z.string().max(255).nullable().optional(),
});
export type QuickMessageBody = z.infer<typeof ZQuickMessageBody>;

export const ZListQuickMessagesQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  /** Accepted for compatibility and ignored: the session decides whose personal replies are listed. */
  userId: ZIdText.optional(),
});
export type ListQuickMessagesQuery = z.infer<typeof ZListQuickMessagesQuery>;

/** GET /quick-messages: the company's shared replies and the caller's own, 20 a page. */
export const ZListQuickMessagesResponse = z.object({ records: z.array(ZQuickMessage), hasMore: z.boolean() });
export type ListQuickMessagesResponse = z.infer<typeof ZListQuickMessagesResponse>;

/** Spaces in an attachment's name become underscores (spec admin §5). */
export function quickMessageMediaName(name: string): string {
  return name.replace(/\s+/g, "_");
}
