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

/** Digits only (spec core §5: numbers from vcards and forms are stripped of non-digits). */
export function normalizeNumber(value: string): string {
  return value.replace(/\D/g, "");
}

export const ZContactBody = z.strictObject({
  name: z.string().trim().min(2, "Too Short!").max(50, "Too Long!"),
  number: z
    .string()
    .trim()
    .transform(normalizeNumber)
    .pipe(z.string().min(8, "Too Short!").max(50, "Too Long!")),
  email: z.union([z.literal(""), z.string().trim().email("Invalid email").max(255)]).optional(),
  extraInfo: z.array(z.strictObject({ id: z.number().int().positive().optional(), name: z.string().trim().min(1).max(100), value: z.string().max(1000) })).max(50).optional(),
});
export type ContactBody = z.infer<typeof ZContactBody>;

export const ZListContactsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});

export const ZListContactsResponse = z.object({ contacts: z.array(ZContact), count: z.number(), hasMore: z.boolean() });
