import { z } from "zod";
import { ZContactRef } from "./contacts.ts";

export const TICKET_STATUSES = ["pending", "open", "closed"] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ZTicketStatus>;

export const ZTicket = z.object({
  id: z.number(),
  uuid: z.string(),
  status: ZTicketStatus,
  contactId: z.number(),
  contact: ZContactRef,
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  useIntegration: z.boolean(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  awaitingRating: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ZTicket>;

/** Payload of `company-{id}-ticket`. */
export type TicketEventPayload =
  | { action: "update"; ticket: Ticket }
  | { action: "delete"; ticketId: number }
  | { action: "updateUnread"; ticketId: number };
