import { and, asc, eq, getTableColumns, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { type Message, SEND_RETRY_WINDOW_MS, ZCloudTemplateSend } from "@conversa/shared";
import { ChannelNotConnectedError, ChannelSendRejectedError, type OutboundTemplate } from "../channels/types.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { connections, contacts, messages, tickets } from "../db/schema/index.ts";
import type { StoredMedia } from "../media/media-store.ts";
import { type MessageRow, findConversationMessage, findMessageRow, loadMessage } from "../modules/messages/index.ts";
import { type EngineDeps, nowOf } from "./deps.ts";
import { SEND_MESSAGE_JOB, sendQueueKeyOf } from "./jobs.ts";
import { assertMaySend, ticketWindow } from "./cloud-window.ts";
import { loadCreated, recordAck, recordSent } from "./message-updates.ts";

export interface OutboundInput {
  companyId: number;
  ticketId: number;
  body: string;
  /** The attendant who wrote it; null for messages the product sends on its own (bot, greetings). */
  userId: number | null;
  media?: StoredMedia;
  /** Send audio as a voice note. */
  asVoice?: boolean;
  quotedMsgId?: number | null;
  /** Official line only: a template already checked against the synced ones (`body` is its rendered text). */
  template?: OutboundTemplate;
}

export interface OutboundOptions {
  /**
   * Runs inside the transaction that stores the message, with its id: a write that must happen exactly
   * when the message is stored (a schedule marked sent). Throwing rolls the message back.
   */
  inTransaction?: (tx: Db, messageId: number) => Promise<void>;
  /**
   * A free-form message on an official-line ticket whose 24-hour window is closed: "refuse" throws
   * ERR_CLOUD_WINDOW_CLOSED (nothing stored), "skip" stores and sends nothing and answers null. The
   * default is "skip" for the product's own messages (userId null: greetings, bots, closing, ratings,
   * out-of-hours, transfers), which the customer cannot be sent then, and "refuse" for an attendant's and
   * for any send with bookkeeping bound to it (`inTransaction`: a schedule, a campaign step), which must
   * never be left undone silently.
   */
  outsideWindow?: "refuse" | "skip";
}

/** The window's rule once the message's ticket is read: whether to store it (true) or skip it (false); throws when refused. */
function passesWindow(deps: EngineDeps, input: OutboundInput, options: OutboundOptions, ticket: { provider: string | null; lastCustomerMessageAt: Date | null }): boolean {
  const window = ticketWindow(ticket, nowOf(deps));
  if (input.template || !window || window.open) return true;
  if ((options.outsideWindow ?? (input.userId === null && !options.inTransaction ? "skip" : "refuse")) === "refuse") {
    assertMaySend(ticket, nowOf(deps), undefined);
  }
  deps.log.info({ companyId: input.companyId, ticketId: input.ticketId }, "official line: the 24-hour window is closed, the product's free-form message is not sent");
  return false;
}

/** The network id a send uses, so that a send retried after a crash is recognised as the same message. */
export function idempotencyKeyOf(companyId: number, messageId: number): string {
  return `CV${companyId.toString(16).toUpperCase()}X${messageId.toString(16).toUpperCase().padStart(8, "0")}`;
}

/** The company and message an idempotency key names (`idempotencyKeyOf`'s inverse); undefined for any other text. */
export function messageIdOfIdempotencyKey(key: string): { companyId: number; messageId: number } | undefined {
  const match = /^CV([0-9A-F]{1,13})X([0-9A-F]{8,13})$/.exec(key);
  if (!match) return undefined;
  const companyId = Number.parseInt(match[1]!, 16);
  const messageId = Number.parseInt(match[2]!, 16);
  if (!Number.isSafeInteger(companyId) || !Number.isSafeInteger(messageId) || companyId <= 0 || messageId <= 0) return undefined;
  return idempotencyKeyOf(companyId, messageId) === key ? { companyId, messageId } : undefined;
}

/**
 * Saves an outbound message (clock icon, send pending) with its durable send job in one transaction,
 * so that no crash can leave a stored message that is never sent; then updates the ticket and publishes
 * both. Answers the stored message, or null when the official line's window skipped it (`outsideWindow`).
 * Throws ERR_CLOUD_WINDOW_CLOSED when the window refuses it.
 */
export async function queueOutboundMessage(deps: EngineDeps, input: OutboundInput, options: OutboundOptions & { outsideWindow: "refuse" }): Promise<Message>;
export async function queueOutboundMessage(deps: EngineDeps, input: OutboundInput, options?: OutboundOptions): Promise<Message | null>;
export async function queueOutboundMessage(deps: EngineDeps, input: OutboundInput, options: OutboundOptions = {}): Promise<Message | null> {
  const now = nowOf(deps);
  await deps.jobs.prepare(SEND_MESSAGE_JOB);
  const inserted = await deps.db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ contactId: tickets.contactId, whatsappId: tickets.whatsappId, lastCustomerMessageAt: tickets.lastCustomerMessageAt, provider: connections.provider })
      .from(tickets)
      .leftJoin(connections, and(eq(connections.companyId, tickets.companyId), eq(connections.id, tickets.whatsappId)))
      .where(and(eq(tickets.companyId, input.companyId), eq(tickets.id, input.ticketId)));
    if (!ticket) throw new Error(`ticket ${input.ticketId} vanished before its message was stored`);
    if (!passesWindow(deps, input, options, ticket)) return null;
    const [row] = await tx
      .insert(messages)
      .values({
        companyId: input.companyId,
        ticketId: input.ticketId,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        body: input.body,
        fromMe: true,
        read: true,
        ack: 0,
        sendStatus: "pending",
        mediaType: input.media ? input.media.kind : "chat",
        mediaUrl: input.media?.fileName ?? null,
        mediaName: input.media?.originalName ?? null,
        mediaMime: input.media?.mime ?? null,
        mediaSize: input.media?.size ?? null,
        data: input.template ? { template: input.template } : input.asVoice ? { voice: true } : null,
        quotedMsgId: input.quotedMsgId ?? null,
        userId: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: messages.id });
    if (!row) throw new Error("message insert returned no row");
    await tx
      .update(tickets)
      .set({ lastMessage: input.body || input.media?.originalName || "", updatedAt: now })
      .where(and(eq(tickets.companyId, input.companyId), eq(tickets.id, input.ticketId)));
    await options.inTransaction?.(tx, row.id);
    await deps.jobs.send(SEND_MESSAGE_JOB, { companyId: input.companyId, messageId: row.id }, { tx, singletonKey: sendQueueKeyOf({ whatsappId: ticket.whatsappId, contactId: ticket.contactId }) });
    return row;
  });
  if (!inserted) return null;
  const created = await loadCreated(deps.db, input.companyId, inserted.id, input.ticketId);
  if (!created) throw new Error("stored message could not be read back");
  const { message, ticket } = created;
  deps.events.publish("message.created", { companyId: input.companyId, message, ticket });
  deps.events.publish("ticket.updated", { companyId: input.companyId, ticket });
  return message;
}

async function publishMessageUpdate(deps: EngineDeps, companyId: number, messageId: number): Promise<void> {
  const message = await loadMessage(deps.db, companyId, messageId);
  if (!message) return;
  const [ticket] = await deps.db
    .select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, message.ticketId)));
  if (!ticket) return;
  const status = ticket.status === "open" || ticket.status === "closed" ? ticket.status : "pending";
  deps.events.publish("message.updated", { companyId, message, ticket: { ...ticket, status } });
}

async function markFailed(deps: EngineDeps, companyId: number, messageId: number, reason: string): Promise<void> {
  await deps.db
    .update(messages)
    .set({ sendStatus: "failed", sendError: reason.slice(0, 500), sendRetryUntil: null, updatedAt: nowOf(deps) })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
  await publishMessageUpdate(deps, companyId, messageId);
}

/** Where a send goes: the number of the contact of the message's ticket; undefined when the ticket or its contact is gone. */
interface SendTarget {
  contactId: number;
  number: string;
  isGroup: boolean;
}

const head = { company: sql.placeholder("company"), message: sql.placeholder("message") };

/**
 * The oldest pending outbound message of the chat of message `message`, up to that message, with where it
 * goes: one statement (the message's chat, its head and the head's contact). Nothing when the message
 * has no chat (no connection or contact) or nothing of its chat up to it waits.
 */
const chatHeadStatement = preparedPerDb((db) =>
  db
    .select({ message: getTableColumns(messages), target: { contactId: tickets.contactId, number: contacts.number, isGroup: contacts.isGroup } })
    .from(messages)
    .leftJoin(tickets, and(eq(tickets.companyId, messages.companyId), eq(tickets.id, messages.ticketId)))
    .leftJoin(contacts, and(eq(contacts.companyId, messages.companyId), eq(contacts.id, tickets.contactId)))
    .where(
      and(
        eq(messages.companyId, sql`${head.company}::int`),
        sql`(${messages.whatsappId}, ${messages.contactId}) = (select chat.whatsapp_id, chat.contact_id from messages chat where chat.company_id = ${head.company}::int and chat.id = ${head.message}::int)`,
        eq(messages.fromMe, true),
        eq(messages.sendStatus, "pending"),
        eq(messages.isDeleted, false),
        lte(messages.id, sql`${head.message}::int`),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(1)
    .prepare("chat_send_head"),
);

async function chatHeadUpTo(deps: EngineDeps, companyId: number, messageId: number): Promise<{ row: MessageRow; target: SendTarget | undefined } | undefined> {
  const [found] = await chatHeadStatement(deps.db).execute({ company: companyId, message: messageId });
  if (!found) return undefined;
  const { contactId, number, isGroup } = found.target;
  return { row: found.message, target: contactId !== null && number !== null && isGroup !== null ? { contactId, number, isGroup } : undefined };
}

/**
 * The `messages.send-in-order` job: sends the pending messages of a stored message's chat up to that one,
 * oldest first, once each (the queue runs one job per chat at a time, so this job is the chat's only
 * sender). Those queued by an earlier version, or whose jobs were queued in another order, go in their
 * place; the jobs of messages sent this way are completed at once. The common case, the chat's one
 * pending message, is one read before the send and one write after it. A failed try is recorded on the message (the
 * reason, and until when it is retried) and rethrown so the queue retries it while the messages after it
 * wait; once its retry window is over it is marked failed and the chat's queue moves on.
 */
export async function runSendMessageJob(deps: EngineDeps, payload: { companyId: number; messageId: number }, job: { retryCount: number }): Promise<void> {
  const { companyId, messageId } = payload;
  let next = await chatHeadUpTo(deps, companyId, messageId);
  if (!next) return sendOutsideChat(deps, companyId, messageId, job);
  // The head is of the message's chat, so it has both.
  const chat = { whatsappId: next.row.whatsappId ?? 0, contactId: next.row.contactId ?? 0 };
  // The chat's messages up to this one, oldest first; those after it have jobs of their own, queued behind this one.
  let sentOthers = false;
  for (; next; next = next.row.id === messageId ? undefined : await chatHeadUpTo(deps, companyId, messageId)) {
    await sendOne(deps, next.row, next.target, job);
    if (next.row.id !== messageId) sentOthers = true;
  }
  if (sentOthers) await finishSentJobs(deps, companyId, chat);
}

/** A pending message without a connection or a contact has no chat to keep in order: it is tried (and marked failed) alone. */
async function sendOutsideChat(deps: EngineDeps, companyId: number, messageId: number, job: { retryCount: number }): Promise<void> {
  const row = await findMessageRow(deps.db, companyId, messageId);
  if (!row || row.sendStatus !== "pending" || row.isDeleted || !row.fromMe || (row.whatsappId !== null && row.contactId !== null)) return;
  const [target] = await deps.db
    .select({ contactId: tickets.contactId, number: contacts.number, isGroup: contacts.isGroup })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, row.ticketId)));
  await sendOne(deps, row, target, job);
}

/**
 * The chat's queued jobs whose messages this job sent are done: they are completed at once rather than
 * run one by one (a job of a message still pending, queued since, stays).
 */
async function finishSentJobs(deps: EngineDeps, companyId: number, chat: { whatsappId: number; contactId: number }): Promise<void> {
  const queued = await deps.jobs.queuedByKey(SEND_MESSAGE_JOB, sendQueueKeyOf(chat));
  const byMessage = new Map<number, string[]>();
  for (const job of queued) {
    const parsed = SEND_MESSAGE_JOB.schema.safeParse(job.data);
    if (parsed.success && parsed.data.companyId === companyId) byMessage.set(parsed.data.messageId, [...(byMessage.get(parsed.data.messageId) ?? []), job.id]);
  }
  if (byMessage.size === 0) return;
  const pending = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.id, [...byMessage.keys()]), eq(messages.sendStatus, "pending"), eq(messages.isDeleted, false)));
  for (const { id } of pending) byMessage.delete(id);
  await deps.jobs.completeQueued(SEND_MESSAGE_JOB, [...byMessage.values()].flat());
}

const ZStoredTemplate = z.object({ template: ZCloudTemplateSend });

/** The template of a stored template send (`messages.data.template`), or undefined. */
export function storedTemplateOf(data: unknown): OutboundTemplate | undefined {
  const parsed = ZStoredTemplate.safeParse(data);
  return parsed.success ? parsed.data.template : undefined;
}

/**
 * One try of one message; answers when it is sent or marked failed (at once when the driver rejects it with
 * ChannelSendRejectedError), throws when it is to be tried again.
 */
async function sendOne(deps: EngineDeps, row: MessageRow, target: SendTarget | undefined, job: { retryCount: number }): Promise<void> {
  const { companyId, id: messageId } = row;
  if (row.whatsappId === null) return markFailed(deps, companyId, messageId, "The ticket has no connection");
  if (!target) return markFailed(deps, companyId, messageId, "The ticket's contact is gone");
  // Only a message of the same conversation is ever sent as the quote.
  const quoted = row.quotedMsgId ? (await findConversationMessage(deps.db, companyId, row.quotedMsgId, { contactId: target.contactId, whatsappId: row.whatsappId }))?.message : undefined;
  const mediaFile = row.mediaUrl ? await deps.media.resolve(companyId, row.mediaUrl) : undefined;
  if (row.mediaUrl && !mediaFile) return markFailed(deps, companyId, messageId, "The media file is missing");
  const isVoice = typeof row.data === "object" && row.data !== null && "voice" in row.data;
  const template = storedTemplateOf(row.data);

  let wid: string;
  try {
    ({ wid } = await deps.channels.send(row.whatsappId, {
      idempotencyKey: idempotencyKeyOf(companyId, messageId),
      to: target.number,
      isGroup: target.isGroup,
      body: row.body,
      ...(mediaFile
        ? { media: { path: mediaFile.path, mimetype: row.mediaMime ?? mediaFile.mime, filename: row.mediaName ?? row.mediaUrl ?? "file", asVoice: isVoice } }
        : {}),
      ...(quoted?.wid ? { quoted: { wid: quoted.wid, fromMe: quoted.fromMe, body: quoted.body, participant: quoted.participant } } : {}),
      ...(template ? { template } : {}),
    }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The network refused it for good: failed at once with its reason, and the chat's queue moves on.
    if (error instanceof ChannelSendRejectedError) return markFailed(deps, companyId, messageId, reason);
    const now = nowOf(deps);
    const retryUntil = row.sendRetryUntil ?? new Date(now.getTime() + SEND_RETRY_WINDOW_MS);
    if (now >= retryUntil || job.retryCount >= (SEND_MESSAGE_JOB.retryLimit ?? 0)) return markFailed(deps, companyId, messageId, reason);
    if (!(error instanceof ChannelNotConnectedError)) deps.log.warn({ err: error, messageId, retry: job.retryCount }, "send failed, will retry");
    // The conversation shows at once that the send is being retried, why, and until when.
    if (row.sendError !== reason || row.sendRetryUntil === null) {
      await deps.db
        .update(messages)
        .set({ sendError: reason.slice(0, 500), sendRetryUntil: retryUntil, updatedAt: now })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId), eq(messages.sendStatus, "pending")));
      await publishMessageUpdate(deps, companyId, messageId);
    }
    throw error;
  }
  await recordSent(deps, companyId, messageId, wid, nowOf(deps));
}

/**
 * The `messages.send` job of earlier versions: its message is handed to the ordered send queue of its
 * chat, where it waits behind the earlier messages of the conversation.
 */
export async function runLegacySendMessageJob(deps: EngineDeps, payload: { companyId: number; messageId: number }): Promise<void> {
  const row = await findMessageRow(deps.db, payload.companyId, payload.messageId);
  if (!row || row.sendStatus !== "pending" || row.isDeleted || !row.fromMe) return;
  await deps.jobs.send(SEND_MESSAGE_JOB, payload, { singletonKey: sendQueueKeyOf(row) });
}

/** Records a network acknowledgement (delivered, read, played) and tells the ack watchers; acks only ever move forward. */
export async function applyAck(deps: EngineDeps, event: { companyId: number; connectionId: number; wid: string; ack: number }): Promise<void> {
  const ack = Math.max(0, Math.min(5, Math.trunc(event.ack)));
  const { ids, watched } = await recordAck(deps, event, ack, nowOf(deps));
  // The workflows that follow their messages (a campaign's report) hear the ack too, when it may concern them.
  if (watched) await deps.ackWatchers.notify({ companyId: event.companyId, messageIds: ids, ack }, deps.log);
}

export { publishMessageUpdate };
