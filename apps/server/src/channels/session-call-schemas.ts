import { z } from "zod";

/**
 * The arguments and results of the channel manager's session ops as they travel between server
 * processes: parsed on arrival like any input from outside the process.
 */

export const ZOutboundMessage = z.object({
  idempotencyKey: z.string(),
  to: z.string(),
  isGroup: z.boolean(),
  body: z.string(),
  media: z.object({ path: z.string(), mimetype: z.string(), filename: z.string(), asVoice: z.boolean().optional() }).optional(),
  quoted: z.object({ wid: z.string(), fromMe: z.boolean(), body: z.string(), participant: z.string().nullable().optional() }).optional(),
  template: z.object({ name: z.string(), language: z.string(), parameters: z.array(z.string()) }).optional(),
});

export const ZDeleteTarget = z.object({ to: z.string(), isGroup: z.boolean(), wid: z.string(), fromMe: z.boolean() });

export const ZChatRef = z.object({ number: z.string(), isGroup: z.boolean() });

export const ZWids = z.array(z.string());

export const ZSentMessage = z.object({ wid: z.string() });

export const ZNumberCheck = z.object({ exists: z.boolean(), number: z.string().optional() });

export const ZPhoneContacts = z.array(z.object({ number: z.string(), name: z.string().optional() }));
