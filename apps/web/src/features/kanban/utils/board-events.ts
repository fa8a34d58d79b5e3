import { ZTag, ZTicket } from "@conversa/shared";
import { z } from "zod";

/** `company-{id}-ticket` as the board reads it (unread counts are not shown on cards). */
export const ZBoardTicketEvent = z.discriminatedUnion("action", [
  z.object({ action: z.literal("update"), ticket: ZTicket }),
  z.object({ action: z.literal("delete"), ticketId: z.number() }),
  z.object({ action: z.literal("updateUnread"), ticketId: z.number() }),
]);

/** `company-{id}-appMessage` create: the ticket with its new last message. */
export const ZBoardMessageEvent = z.object({ action: z.literal("create"), ticket: ZTicket });

/** `company-{id}-tag`: a tag created, changed (its name, colour, kanban flag or ticket count) or deleted. */
export const ZBoardTagEvent = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), tag: ZTag }),
  z.object({ action: z.literal("delete"), tagId: z.number() }),
]);
