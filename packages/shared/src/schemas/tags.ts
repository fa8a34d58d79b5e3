import { z } from "zod";
import { ZId } from "./common.ts";

/** Tag names: at least 3 characters (spec admin §5), at most 50 (the column). */
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 50;
/** Colour of a tag created without one: the product's accent green. */
export const DEFAULT_TAG_COLOR = "#2DDD7F";

/** The tag as tickets, the conversation's picker and the kanban lanes see it. */
export const ZTag = z.object({ id: z.number(), name: z.string(), color: z.string(), kanban: z.number() });
export type Tag = z.infer<typeof ZTag>;

/** A row of the tags page (spec admin §3 Tag): who created it and how many tickets carry it. */
export const ZTagRecord = ZTag.extend({ userId: z.number().nullable(), ticketsCount: z.number() });
export type TagRecord = z.infer<typeof ZTagRecord>;

/** `#rgb`, `#rrggbb` or `#rrggbbaa`. */
export const ZTagColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);

/**
 * POST /tags and PUT /tags/{id}. `kanban` (0 or 1) may be set or changed only by those holding
 * "tags:kanban"; omitted on create it is 0, omitted on update it is kept (so is `color`).
 */
export const ZTagBody = z.strictObject({
  name: z.string().trim().min(TAG_NAME_MIN).max(TAG_NAME_MAX),
  color: ZTagColor.optional(),
  kanban: z.number().int().min(0).max(1).optional(),
});
export type TagBody = z.infer<typeof ZTagBody>;

/** PUT /tags/kanban/order: the company's kanban lanes in the order the board shows them (each once). */
export const ZKanbanOrderBody = z.strictObject({
  tagIds: z
    .array(ZId)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: "Each lane once" }),
});
export type KanbanOrderBody = z.infer<typeof ZKanbanOrderBody>;

/**
 * GET /tags/kanban and PUT /tags/kanban/order: the company's kanban lanes in the board's order, under
 * `lista` (the key the previous generation's kanban page reads; Conversa's board reads the same).
 */
export const ZKanbanLanesResponse = z.object({ lista: z.array(ZTag) });
export type KanbanLanesResponse = z.infer<typeof ZKanbanLanesResponse>;

/** POST /tags (also used by the conversation's tag picker with a name only). */
export const ZCreateTagBody = ZTagBody;

export const ZListTagsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListTagsQuery = z.infer<typeof ZListTagsQuery>;

/** GET /tags: a page of 20 tags by name. */
export const ZListTagsResponse = z.object({ tags: z.array(ZTagRecord), hasMore: z.boolean() });
export type ListTagsResponse = z.infer<typeof ZListTagsResponse>;

export const ZSyncTagsBody = z.strictObject({
  ticketId: ZId,
  tags: z.array(z.object({ id: ZId }).passthrough()).max(100),
});
