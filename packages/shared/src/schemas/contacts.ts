import { z } from "zod";

export const ZContactExtraInfo = z.object({ id: z.number().optional(), name: z.string(), value: z.string() });

export const ZContact = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
  whatsappId: z.number().nullable(),
  extraInfo: z.array(ZContactExtraInfo),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof ZContact>;

/** The contact as embedded in tickets and messages. */
export const ZContactRef = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
});
export type ContactRef = z.infer<typeof ZContactRef>;
