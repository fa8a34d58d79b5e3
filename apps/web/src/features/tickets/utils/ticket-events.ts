import { ZTicket } from "@conversa/shared";
import { z } from "zod";

/** `company-{id}-ticket` as the lists read it. */
export const ZTicketEvent = z.discriminatedUnion("action", [
  z.object({ action: z.literal("update"), ticket: ZTicket }),
  z.object({ action: z.literal("delete"), ticketId: z.number() }),
  z.object({ action: z.literal("updateUnread"), ticketId: z.number() }),
]);

/** `company-{id}-appMessage` create, as the lists read it: the ticket with its new last message. */
export const ZAppMessageCreateEvent = z.object({
  action: z.literal("create"),
  message: z.object({ id: z.number(), ticketId: z.number(), fromMe: z.boolean() }),
  ticket: ZTicket,
});
