import { z } from "zod";

export const ZTag = z.object({ id: z.number(), name: z.string(), color: z.string(), kanban: z.number() });
export type Tag = z.infer<typeof ZTag>;

export const ZCreateTagBody = z.strictObject({
  name: z.string().trim().min(1).max(50),
  color: z.string().regex(/^#[0-9a-fA-F]{3,8}$/).optional(),
  kanban: z.number().int().min(0).max(1).optional(),
});

export const ZSyncTagsBody = z.strictObject({
  ticketId: z.number().int().positive(),
  tags: z.array(z.object({ id: z.number().int().positive() }).passthrough()).max(100),
});
