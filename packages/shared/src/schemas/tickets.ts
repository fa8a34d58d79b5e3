import { z } from "zod";
import { ZId, ZIdOrFalse, ZIdText } from "./common.ts";
import { ZCloudWindow } from "./cloud-templates.ts";
import { ZContactRef } from "./contacts.ts";

export const TICKET_STATUSES = ["pending", "open", "closed"] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ZTicketStatus>;

export const ZTicket = z.object({
  id: z.number(),
  uuid: z.string(),
  /** The ticket's number within its company (1, 2, 3…), shown as #N; the id where a server does not send it. */
  number: z.number().optional(),
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
  /** Two lines on the conversation a bot (AI or integration) handed over, for the attendant; null otherwise. */
  botSummary: z.string().nullable(),
  awaitingRating: z.boolean(),
  /**
   * "campaign": a closed ticket that only carries campaign sends (and opt-out replies) into the
   * contact's history; no list, count or report shows it. Absent or "inbox": an attendants' ticket.
   */
  origin: z.enum(["inbox", "campaign"]).optional(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A pending ticket of a queue with an SLA target: when it becomes late (creation + target); null otherwise. */
  slaDueAt: z.string().nullable().optional(),
  /**
   * Official line (provider `cloud`): the 24-hour window of free-form sends, from the customer's last
   * message; null on other connections. `open` is as of the answer; `closesAt` is what a clock follows.
   */
  cloudWindow: ZCloudWindow.nullable().optional(),
  /**
   * A search answer only (`searchParam`), when a message's text matched and the contact's name and
   * number did not: the newest matching message, so the list can show it and open the conversation at it.
   */
  searchMatch: z.object({ messageId: z.number(), body: z.string(), createdAt: z.string() }).optional(),
});
export type Ticket = z.infer<typeof ZTicket>;

/** The number a ticket is shown by (#N): its number within the company. */
export const ticketNumberOf = (ticket: Pick<Ticket, "id" | "number">): number => ticket.number ?? ticket.id;

/** Payload of `company-{id}-ticket`. */
export type TicketEventPayload =
  | { action: "update"; ticket: Ticket }
  | { action: "delete"; ticketId: number }
  | { action: "updateUnread"; ticketId: number };

/** A JSON-encoded array of ids in a query string (`tags=[1,2]`); invalid JSON answers ERR_VALIDATION. */
const ZJsonIdArray = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      const parsed = z.array(ZIdText).max(200).safeParse(value);
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: "custom", message: "Expected a JSON array of ids" });
    return z.NEVER;
  });

const ZQueryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");

export const ZListTicketsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  status: ZTicketStatus.optional(),
  /** A day (YYYY-MM-DD): tickets created that day. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  /** A day (YYYY-MM-DD): tickets updated that day. */
  updatedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  showAll: ZQueryBoolean.optional(),
  withUnreadMessages: ZQueryBoolean.optional(),
  queueIds: ZJsonIdArray.optional(),
  tags: ZJsonIdArray.optional(),
  users: ZJsonIdArray.optional(),
  /** One contact's tickets (the contact drawer's earlier conversations); the visibility rule still applies. */
  contactId: ZIdText.optional(),
});
export type ListTicketsQuery = z.infer<typeof ZListTicketsQuery>;

export const ZListTicketsResponse = z.object({ tickets: z.array(ZTicket), count: z.number(), hasMore: z.boolean() });

export const ZCreateTicketBody = z.strictObject({
  contactId: ZId,
  queueId: ZId.nullable().optional(),
  whatsappId: ZId.nullable().optional(),
  userId: ZId.nullable().optional(),
  status: z.enum(["open", "pending"]).optional(),
});
export type CreateTicketBody = z.infer<typeof ZCreateTicketBody>;

/**
 * PUT /tickets/{id}: the action is read from the fields, as the web app sends them:
 * status open (accept / reopen), pending (return), closed (resolve); a queueId different from the
 * ticket's (with optional userId and whatsappId) is a transfer.
 */
export const ZUpdateTicketBody = z.strictObject({
  status: ZTicketStatus.optional(),
  userId: ZId.nullable().optional(),
  queueId: ZId.nullable().optional(),
  whatsappId: ZId.nullable().optional(),
  useIntegration: z.boolean().optional(),
  /** `false` means none, as null (the previous generation's client resolves with `promptId: false`). */
  promptId: ZIdOrFalse.optional(),
  /** `false` means none, as null. */
  integrationId: ZIdOrFalse.optional(),
});
export type UpdateTicketBody = z.infer<typeof ZUpdateTicketBody>;

/** Details of ERR_OTHER_OPEN_TICKET: who handles the contact's active ticket. */
/**
 * ERR_OTHER_OPEN_TICKET's details: the contact's active ticket. `userId`/`userName` name an attendant only
 * when one accepted it (open); a pending ticket distribution reserved for someone names them as
 * `reservedForId`/`reservedForName` instead.
 */
export const ZOtherOpenTicketDetails = z.object({
  status: z.enum(["open", "pending"]).optional(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  reservedForId: z.number().nullable().optional(),
  reservedForName: z.string().nullable().optional(),
  queueName: z.string().nullable(),
});
export type OtherOpenTicketDetails = z.infer<typeof ZOtherOpenTicketDetails>;

/** Details of ERR_TICKET_ALREADY_ACCEPTED and ERR_TICKET_HELD_BY_OTHER: the attendant who holds the ticket. */
export const ZTicketHolderDetails = z.object({ userId: z.number(), userName: z.string() });
export type TicketHolderDetails = z.infer<typeof ZTicketHolderDetails>;

export const ZTicketUuidParam = z.object({ uuid: z.string().min(1).max(64) });

/**
 * GET /ticket/kanban: one page (40 tickets, as the inbox) of the board's open and pending tickets, each
 * with its tags. `tagId` narrows it to a lane (the tickets carrying that kanban tag), `untagged=true` to
 * 'Em aberto' (those carrying no kanban tag); with neither, the whole board, every lane's tickets (the
 * previous generation sorts them into lanes itself). `queueIds` and `showAll` filter as in GET /tickets,
 * and the inbox's visibility rule always applies.
 */
export const ZKanbanQuery = z
  .object({
    pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
    tagId: ZIdText.optional(),
    untagged: ZQueryBoolean.optional(),
    queueIds: ZJsonIdArray.optional(),
    showAll: ZQueryBoolean.optional(),
  })
  .refine((query) => !(query.untagged && query.tagId !== undefined), { message: "A lane is a tag or 'Em aberto', not both", path: ["untagged"] });
export type KanbanQuery = z.infer<typeof ZKanbanQuery>;

/** One page of a lane (or of the board), newest activity first; `count` is its size, exact up to TICKET_COUNT_CAP. */
export const ZKanbanLaneResponse = ZListTicketsResponse;
export type KanbanLanePage = z.infer<typeof ZKanbanLaneResponse>;

/** DELETE /ticket-tags/{ticketId}. */
export const ZTicketTagsParams = z.object({ ticketId: ZIdText });
/** PUT /ticket-tags/{ticketId}/{tagId}. */
export const ZTicketTagParams = z.object({ ticketId: ZIdText, tagId: ZIdText });
