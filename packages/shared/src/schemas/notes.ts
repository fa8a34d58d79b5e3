import { z } from "zod";
import { ZId, ZIdText } from "./common.ts";
import { LIMITS } from "../constants.ts";

export const ZTicketNote = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TicketNote = z.infer<typeof ZTicketNote>;

export const ZCreateTicketNoteBody = z.strictObject({
  note: z.string().trim().min(LIMITS.noteMin).max(5000),
  ticketId: ZId,
  contactId: ZId,
});

export const ZListTicketNotesQuery = z.object({
  ticketId: ZIdText,
  contactId: ZIdText,
});
