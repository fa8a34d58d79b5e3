import { and, eq, sql } from "drizzle-orm";
import { type CloudTemplateSend, type Message, type SendMessageBody, type TicketActivity, mayWriteOnTicket } from "@conversa/shared";
import { connections, contacts, messages, users } from "../../db/schema/index.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { SEND_MESSAGE_JOB, sendQueueKeyOf } from "../../engine/jobs.ts";
import { publishMessageUpdate, queueOutboundMessage } from "../../engine/outbound.ts";
import { assertMaySend } from "../../engine/cloud-window.ts";
import { nowOf } from "../../engine/deps.ts";
import { CLOUD_PROVIDER } from "../../channels/cloud/cloud-connections.ts";
import { checkedTemplateSend } from "../cloud-templates/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { StoredMedia } from "../../media/media-store.ts";
import { type TicketRow, accessFactsOf, findAccessibleTicket, mayOpenTicket, ticketAccessCondition } from "../tickets/index.ts";
import { type ConversationPage, MESSAGES_PAGE_SIZE, readConversationPage } from "./conversation-page.repository.ts";
import { findConversationMessage, findMessageRow, loadMessages } from "./messages.repository.ts";

export interface MessagesPage {
  messages: Message[];
  activities: TicketActivity[];
  ticket: { id: number; uuid: string; status: string };
  count: number;
  hasMore: boolean;
}

/**
 * After the first page marked the ticket's customer messages read (and cleared its unread count): the
 * realtime event, and the read receipt to the network.
 */
async function publishTicketRead(deps: EngineDeps, ticket: TicketRow, page: ConversationPage): Promise<void> {
  if (page.marked.count === 0 && ticket.unreadMessages === 0) return;
  deps.events.publish("ticket.read", { companyId: ticket.companyId, ticketId: ticket.id, queueId: ticket.queueId, userId: ticket.userId });
  if (page.contact && ticket.whatsappId !== null && page.marked.wids.length) {
    await deps.channels.markRead(ticket.whatsappId, page.contact, page.marked.wids).catch((error: unknown) => deps.log.warn({ err: error }, "mark read on the network failed"));
  }
}

/**
 * A page of a ticket's conversation (newest page first, earlier tickets of the same contact and connection
 * that the actor may open included), with the activities of those tickets among its messages; the first
 * page also marks the ticket read. Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION.
 */
export async function listMessages(deps: EngineDeps, ctx: RequestContext, ticketId: number, pageNumber: number): Promise<MessagesPage> {
  // An admin opens every ticket: the facts are read only for others, and once.
  const facts = ctx.profile === "admin" ? undefined : await accessFactsOf(deps.db, ctx);
  const ticket = await findAccessibleTicket(deps.db, ctx, ticketId, facts);
  const visible = facts && ticketAccessCondition(ctx, facts);
  const page = await readConversationPage(deps.db, { companyId: ctx.companyId, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: ticket.whatsappId, pageNumber }, visible);
  if (pageNumber === 1) await publishTicketRead(deps, ticket, page);
  return {
    messages: page.messages,
    activities: page.activities,
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status },
    count: page.count,
    hasMore: pageNumber * MESSAGES_PAGE_SIZE < page.count,
  };
}

/**
 * A message the actor may quote in a ticket: one of the same conversation (the same contact on the same
 * connection, in any of its tickets) whose ticket the actor may open. Anything else answers as missing,
 * so a quote never reveals or forwards a message of another conversation. Throws ERR_NO_MESSAGE_FOUND.
 */
async function quotableMessageId(deps: EngineDeps, ctx: RequestContext, ticket: TicketRow, messageId: number): Promise<number> {
  const quoted = await findConversationMessage(deps.db, ctx.companyId, messageId, ticket);
  if (!quoted || !(await mayOpenTicket(deps.db, ctx, quoted.ticket))) throw new AppError("ERR_NO_MESSAGE_FOUND");
  return quoted.message.id;
}

export interface SendInput {
  body: SendMessageBody;
  media: StoredMedia[];
  /** One caption per file of `media`, in order ("" for none); the text follows the files when the first has its own. */
  captions?: string[];
  /** Audio recorded in the browser goes out as a voice note. */
  asVoice?: boolean;
  /** Told of each file of `media` once a stored message refers to it (see `removingUnkeptFiles`). */
  keep?: (file: StoredMedia) => void;
}

/**
 * Stores the attendant's message(s) and queues the sends. The ticket must be open, and the writer its
 * attendant (or an admin: `mayWriteOnTicket`). When the connection is not connected the messages stay
 * queued and ERR_WAPP_NOT_INITIALIZED answers (with their ids).
 * Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION, ERR_TICKET_NOT_OPEN, ERR_TICKET_HELD_BY_OTHER (details: who holds it),
 * ERR_NO_MESSAGE_FOUND (quote), ERR_VALIDATION (empty); on the official line ERR_CLOUD_WINDOW_CLOSED (free-form
 * outside the 24-hour window) and, for a `template`, ERR_CLOUD_TEMPLATE_UNSUPPORTED (another provider),
 * ERR_CLOUD_TEMPLATE_NOT_FOUND, ERR_CLOUD_TEMPLATE_NOT_APPROVED, ERR_CLOUD_TEMPLATE_PARAMETERS.
 */
export async function sendMessage(deps: EngineDeps, ctx: RequestContext, ticketId: number, input: SendInput): Promise<Message[]> {
  const ticket = await findAccessibleTicket(deps.db, ctx, ticketId);
  if (ticket.status !== "open") throw new AppError("ERR_TICKET_NOT_OPEN");
  // The addressee and the ticket's connection in one read.
  const [facts] = await deps.db
    .select({ erasedAt: contacts.erasedAt, status: connections.status, provider: connections.provider })
    .from(contacts)
    .leftJoin(connections, ticket.whatsappId === null ? sql`false` : and(eq(connections.companyId, ctx.companyId), eq(connections.id, ticket.whatsappId)))
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, ticket.contactId)));
  if (facts?.erasedAt) throw new AppError("ERR_CONTACT_ERASED", undefined, "The contact's data was erased");
  if (!mayWriteOnTicket(ctx, ticket) && ticket.userId !== null) {
    const [holder] = await deps.db.select({ name: users.name }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, ticket.userId)));
    throw new AppError("ERR_TICKET_HELD_BY_OTHER", { userId: ticket.userId, userName: holder?.name ?? "" }, "Another attendant holds this ticket");
  }
  const provider = facts?.provider ?? null;
  const sent = input.body.template ? [await queueTemplate(deps, ctx, ticket, provider, input.body.template)] : await queueWritten(deps, ctx, ticket, provider, input);
  if (facts?.status !== "CONNECTED") {
    throw new AppError("ERR_WAPP_NOT_INITIALIZED", { queued: true, messageIds: sent.map((m) => m.id) }, "The connection is not connected: the message is queued and will be sent when it is");
  }
  return sent;
}

/**
 * An official-line template send: checked against the connection's synced templates and stored with its
 * rendered text as the body. Throws ERR_CLOUD_TEMPLATE_UNSUPPORTED (not an official-line ticket) and the
 * template's errors (checkedTemplateSend).
 */
async function queueTemplate(deps: EngineDeps, ctx: RequestContext, ticket: TicketRow, provider: string | null, send: CloudTemplateSend): Promise<Message> {
  if (provider !== CLOUD_PROVIDER || ticket.whatsappId === null) throw new AppError("ERR_CLOUD_TEMPLATE_UNSUPPORTED");
  const { body, template } = await checkedTemplateSend(deps.db, ctx.companyId, ticket.whatsappId, send);
  return queueOutboundMessage(deps, { companyId: ctx.companyId, ticketId: ticket.id, body, userId: ctx.userId, template }, { outsideWindow: "refuse" });
}

/** The attendant's text and files; on the official line only inside the 24-hour window (ERR_CLOUD_WINDOW_CLOSED, nothing stored). */
async function queueWritten(deps: EngineDeps, ctx: RequestContext, ticket: TicketRow, provider: string | null, input: SendInput): Promise<Message[]> {
  const ticketId = ticket.id;
  const text = input.body.body.trim();
  if (!text && input.media.length === 0) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/body", message: "Empty message" }], "A message needs text or media");
  assertMaySend({ provider, lastCustomerMessageAt: ticket.lastCustomerMessageAt }, nowOf(deps), undefined);
  const quotedMsgId = input.body.quotedMsg ? await quotableMessageId(deps, ctx, ticket, input.body.quotedMsg.id) : null;
  let signature = "";
  if (input.body.signMessage) {
    const [user] = await deps.db.select({ name: users.name }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.userId)));
    signature = `*${user?.name ?? ""}*:\n`;
  }
  const signed = (caption: string) => (caption ? `${signature}${caption}` : "");
  const sent: Message[] = [];
  // Queued one after the other: the chat's sends go out in this order.
  const queue = (body: string, extra: { media?: StoredMedia; quotedMsgId: number | null }) =>
    queueOutboundMessage(deps, { companyId: ctx.companyId, ticketId, body: signed(body), userId: ctx.userId, asVoice: extra.media ? input.asVoice : undefined, ...extra }, { outsideWindow: "refuse" });
  if (input.media.length === 0) {
    sent.push(await queue(text, { quotedMsgId }));
  } else {
    const ownFirstCaption = input.captions?.[0]?.trim() ?? "";
    for (const [index, media] of input.media.entries()) {
      // Each file with its own caption; the text is the first file's caption when it has none.
      const caption = input.captions?.[index]?.trim() || (index === 0 ? text : "");
      sent.push(await queue(caption, { media, quotedMsgId: index === 0 ? quotedMsgId : null }));
      input.keep?.(media);
    }
    if (ownFirstCaption && text) sent.push(await queue(text, { quotedMsgId: null }));
  }
  return sent;
}

/**
 * Deletes one of the company side's messages: a queued one is cancelled, a sent one is deleted on the
 * network too. The body stays in the database for audit. Only the author (or an admin) may delete.
 * Throws ERR_NO_MESSAGE_FOUND, ERR_NO_PERMISSION, ERR_DELETE_WAPP_MSG, ERR_CLOUD_DELETE_UNSUPPORTED (official line).
 */
export async function deleteMessage(deps: EngineDeps, ctx: RequestContext, messageId: number): Promise<Message> {
  const row = await findMessageRow(deps.db, ctx.companyId, messageId);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  const ticket = await findAccessibleTicket(deps.db, ctx, row.ticketId);
  if (!row.fromMe || (row.userId !== ctx.userId && ctx.profile !== "admin")) throw new AppError("ERR_NO_PERMISSION");
  if (!row.isDeleted && row.sendStatus === "sent" && row.wid && row.whatsappId !== null) {
    const [contact] = await deps.db.select({ number: contacts.number, isGroup: contacts.isGroup }).from(contacts).where(eq(contacts.id, ticket.contactId));
    try {
      await deps.channels.deleteMessage(row.whatsappId, { to: contact?.number ?? "", isGroup: contact?.isGroup ?? false, wid: row.wid, fromMe: true });
    } catch (error) {
      // A network that cannot delete at all says so in its own words.
      if (error instanceof AppError && error.code === "ERR_CLOUD_DELETE_UNSUPPORTED") throw error;
      deps.log.warn({ err: error, messageId }, "delete on the network failed");
      throw new AppError("ERR_DELETE_WAPP_MSG");
    }
  }
  await deps.db.update(messages).set({ isDeleted: true, updatedAt: sql`now()` }).where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId)));
  await publishMessageUpdate(deps, ctx.companyId, messageId);
  const [message] = await loadMessages(deps.db, ctx.companyId, [{ ...row, isDeleted: true }]);
  if (!message) throw new AppError("ERR_NO_MESSAGE_FOUND");
  return message;
}

/** Queues a failed send again. Throws ERR_NO_MESSAGE_FOUND, ERR_NO_PERMISSION, ERR_VALIDATION (not failed). */
export async function retryMessage(deps: EngineDeps, ctx: RequestContext, messageId: number): Promise<void> {
  const row = await findMessageRow(deps.db, ctx.companyId, messageId);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  await findAccessibleTicket(deps.db, ctx, row.ticketId);
  if (row.sendStatus !== "failed" || row.isDeleted) throw new AppError("ERR_VALIDATION", undefined, "Only a failed message can be sent again");
  // Pending again and its send queued together: a crash in between would leave it pending forever.
  await deps.jobs.prepare(SEND_MESSAGE_JOB);
  await deps.db.transaction(async (tx) => {
    await tx.update(messages).set({ sendStatus: "pending", sendError: null, sendRetryUntil: null }).where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId)));
    await deps.jobs.send(SEND_MESSAGE_JOB, { companyId: ctx.companyId, messageId }, { tx, singletonKey: sendQueueKeyOf(row) });
  });
  await publishMessageUpdate(deps, ctx.companyId, messageId);
}
