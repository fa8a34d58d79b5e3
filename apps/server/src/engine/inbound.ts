import { type SQL, and, desc, eq, inArray, sql } from "drizzle-orm";
import type { InboundKind, InboundMessage } from "../channels/types.ts";
import { CLOUD_PROVIDER } from "../channels/cloud/cloud-connections.ts";
import type { Db } from "../db/client.ts";
import { contacts, messages, tickets } from "../db/schema/index.ts";
import type { StoredMedia } from "../media/media-store.ts";
import { findMessageByWid, loadMessage } from "../modules/messages/index.ts";
import { loadTicket } from "../modules/tickets/index.ts";
import { runBot } from "./bot.ts";
import { isWithinBusinessHours } from "./business-hours.ts";
import { type ConnectionRow, companyOf, connectionOf, isEnabled, queueOf, settingsOf } from "./context.ts";
import { type EngineDeps, nowOf } from "./deps.ts";
import { EXPIRE_TICKET_JOB, TRANSFER_WAITING_JOB } from "./jobs.ts";
import { mayBeCommonText, storeCommonText } from "./inbound-text.ts";
import { completeRating } from "./lifecycle.ts";
import { queueOutboundMessage } from "./outbound.ts";

const MEDIA_TYPE_OF: Record<InboundKind, string> = {
  chat: "chat",
  image: "image",
  audio: "audio",
  video: "video",
  document: "application",
  location: "location",
  vcard: "vcard",
  call_log: "call_log",
  sticker: "sticker",
  unknown: "chat",
};

type TicketRow = typeof tickets.$inferSelect;

/** Contact by number within the company, created on first contact; the network's name replaces a bare number only. */
async function upsertContact(tx: Db, message: InboundMessage): Promise<{ id: number; isGroup: boolean }> {
  const isGroup = message.chat.isGroup;
  const number = message.chat.number;
  const name = (isGroup ? message.chat.name : message.sender.name)?.trim().slice(0, 100) || number;
  const [row] = await tx
    .insert(contacts)
    .values({ companyId: message.companyId, number, name, isGroup, whatsappId: message.connectionId, profilePicUrl: message.profilePicUrl ?? null })
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      set: {
        name: sql`case when ${contacts.name} = ${contacts.number} then excluded.name else ${contacts.name} end`,
        profilePicUrl: sql`coalesce(excluded.profile_pic_url, ${contacts.profilePicUrl})`,
        whatsappId: message.connectionId,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: contacts.id, isGroup: contacts.isGroup });
  if (!row) throw new Error("contact upsert returned no row");
  return row;
}

/** Thrown inside the savepoint of an insert that lost its conflict, to give the number back. */
class TicketNotInserted extends Error {}

/**
 * The contact's open or pending ticket on this connection, or a new pending one. The partial unique
 * index makes a concurrent second insert do nothing, and the existing ticket is read instead; that
 * insert runs in a savepoint undone when it does nothing, so the number it took is given back.
 */
export async function activeTicket(tx: Db, companyId: number, contactId: number, connectionId: number, isGroup: boolean, now: Date): Promise<{ ticket: TicketRow; created: boolean }> {
  const findActive = async () =>
    (
      await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, connectionId), inArray(tickets.status, ["open", "pending"])))
    )[0];
  // Most messages belong to a ticket already open: they never touch the company's ticket counter.
  const current = await findActive();
  if (current) return { ticket: current, created: false };
  try {
    const inserted = await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .insert(tickets)
        .values({ companyId, contactId, whatsappId: connectionId, status: "pending", isGroup, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [tickets.contactId, tickets.whatsappId], where: sql`status in ('open', 'pending')` })
        .returning();
      if (!row) throw new TicketNotInserted();
      return row;
    });
    return { ticket: inserted, created: true };
  } catch (error) {
    if (!(error instanceof TicketNotInserted)) throw error;
  }
  const existing = await findActive();
  if (!existing) throw new Error("active ticket neither inserted nor found");
  return { ticket: existing, created: false };
}

/**
 * The contact's open or pending ticket on this connection (a quiet message joins the conversation going
 * on), else a new closed ticket of the quiet origin, which opens nothing for attendants.
 */
async function quietTicket(tx: Db, companyId: number, contactId: number, connectionId: number, origin: string, now: Date): Promise<{ ticket: TicketRow; quiet: boolean }> {
  const [current] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, connectionId), inArray(tickets.status, ["open", "pending"])));
  if (current) return { ticket: current, quiet: false };
  const [created] = await tx
    .insert(tickets)
    .values({ companyId, contactId, whatsappId: connectionId, status: "closed", origin, closedAt: now, createdAt: now, updatedAt: now })
    .returning();
  if (!created) throw new Error("quiet ticket insert returned no row");
  return { ticket: created, quiet: true };
}

/** A closed ticket of this contact and connection still waiting for the customer's rating. */
async function ticketAwaitingRating(db: Db, companyId: number, contactId: number, connectionId: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, connectionId), eq(tickets.awaitingRating, true)))
    .orderBy(desc(tickets.updatedAt))
    .limit(1);
  return row;
}

async function storeMedia(deps: EngineDeps, message: InboundMessage): Promise<{ stored?: StoredMedia; error?: string }> {
  if (!message.media) return {};
  try {
    const content = await message.media.download();
    // A customer's media is always kept (and counted), even past the company's storage quota.
    return { stored: await deps.media.save(message.companyId, content, message.media.filename, message.media.mimetype, { quota: "count" }) };
  } catch (error) {
    deps.log.warn({ err: error, wid: message.wid }, "inbound media not stored");
    return { error: error instanceof Error ? error.message : "download failed" };
  }
}

function structuredData(message: InboundMessage, mediaError?: string): Record<string, unknown> | null {
  const data: Record<string, unknown> = {};
  if (message.location) data.location = message.location;
  if (message.vcard) data.vcard = message.vcard;
  if (message.call) data.call = message.call;
  if (message.kind === "audio" && message.media) data.voice = true;
  if (mediaError) data.mediaError = mediaError;
  return Object.keys(data).length ? data : null;
}

function preview(message: InboundMessage, media?: StoredMedia): string {
  if (message.body.trim()) return message.body;
  if (media) return media.originalName;
  return message.kind === "unknown" ? (message.rawType ?? "") : message.kind;
}

/** Sends the out-of-hours notice at most once an hour per ticket; answers whether the bot must stop here. */
async function handleOutOfHours(deps: EngineDeps, ticket: TicketRow, connection: ConnectionRow, settingValues: Map<string, string>, now: Date): Promise<boolean> {
  const scheduleType = settingValues.get("scheduleType");
  if (scheduleType !== "company" && !(scheduleType === "queue" && ticket.queueId !== null)) return false;
  // One read of the company serves both its hours and its time zone.
  const company = await companyOf(deps.db, ticket.companyId);
  let schedule: unknown;
  let notice = "";
  if (scheduleType === "company") {
    schedule = company?.schedules;
    notice = connection.outOfHoursMessage;
  } else {
    const queue = ticket.queueId !== null ? await queueOf(deps.db, ticket.companyId, ticket.queueId) : undefined;
    schedule = queue?.schedules;
    notice = queue?.outOfHoursMessage ?? "";
  }
  const timezone = company?.timezone ?? "America/Sao_Paulo";
  if (isWithinBusinessHours(schedule, now, timezone)) return false;
  const lastNotice = ticket.outOfHoursSentAt?.getTime() ?? 0;
  if (notice.trim() && now.getTime() - lastNotice >= 60 * 60_000) {
    await deps.db.update(tickets).set({ outOfHoursSentAt: now }).where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id)));
    await queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body: notice, userId: null });
  }
  return true;
}

function schedulesTransfer(connection: ConnectionRow): boolean {
  return Boolean(connection.timeToTransfer && connection.timeToTransfer > 0 && connection.transferQueueId);
}

/** The ticket's expiry and transfer timers, queued in the transaction that stores the message (see `prepare`). */
async function scheduleTimers(deps: EngineDeps, tx: Db, ticket: TicketRow, connection: ConnectionRow, created: boolean, now: Date): Promise<void> {
  if (connection.expiresTicket > 0) {
    await deps.jobs.send(
      EXPIRE_TICKET_JOB,
      { companyId: ticket.companyId, ticketId: ticket.id },
      { startAfter: new Date(now.getTime() + connection.expiresTicket * 60_000), tx },
    );
  }
  if (created && schedulesTransfer(connection)) {
    await deps.jobs.send(
      TRANSFER_WAITING_JOB,
      { companyId: ticket.companyId, ticketId: ticket.id },
      { startAfter: new Date(now.getTime() + (connection.timeToTransfer ?? 0) * 60_000), tx },
    );
  }
}

/**
 * The inbound pipeline (spec engine §2): dedupe, groups, contact, ticket, message, then for customer
 * messages the rating, out-of-hours and bot steps. Writes happen in one transaction; events after commit.
 */
/**
 * When the customer last wrote, as the ticket keeps it. On the official line it is when the customer sent
 * the message (Meta's timestamp, never later than now): the 24-hour window runs from there, even when the
 * notification arrives late, and a late notification of an older message never moves it back. Elsewhere
 * it is when the message arrived (a phone's offline backlog must not expire tickets at once).
 */
function lastCustomerMessageAt(provider: string, sentAt: Date, now: Date): Date | SQL {
  if (provider !== CLOUD_PROVIDER) return now;
  const at = new Date(Math.min(sentAt.getTime(), now.getTime())).toISOString();
  return sql`greatest(${tickets.lastCustomerMessageAt}, ${at}::timestamptz)`;
}

export async function handleInboundMessage(deps: EngineDeps, message: InboundMessage): Promise<void> {
  const { companyId, connectionId } = message;
  if (mayBeCommonText(message)) {
    const outcome = await storeCommonText(deps, message, nowOf(deps));
    if (outcome.kind === "duplicate") return;
    if (outcome.kind === "stored") {
      deps.events.publish("message.created", { companyId, message: outcome.message, ticket: outcome.ticket });
      deps.events.publish("ticket.updated", { companyId, ticket: outcome.ticket });
      // The ticket is an attendant's: a claimer may take the reply, the bot never answers it.
      if (outcome.claimable) await deps.replyClaimers.claim({ companyId, connectionId, number: message.chat.number, body: message.body, ticketId: outcome.ticketId });
      return;
    }
  }
  if (await findMessageByWid(deps.db, companyId, connectionId, message.wid)) return;
  // A quiet message (a campaign recipient's opt-out word) opens nothing for attendants; most are ruled out without a query.
  const quietOrigin = !message.fromMe && !message.chat.isGroup ? await deps.replyClaimers.quietOrigin({ companyId, connectionId, number: message.chat.number, body: message.body }) : null;
  const connection = await connectionOf(deps.db, companyId, connectionId);
  if (!connection) return;
  const settingValues = await settingsOf(deps.db, companyId);
  if (message.chat.isGroup && isEnabled(settingValues, "CheckMsgIsGroup")) return;

  const { stored, error: mediaError } = await storeMedia(deps, message);
  const now = nowOf(deps);
  const isCustomer = !message.fromMe;
  if (isCustomer && connection.expiresTicket > 0) await deps.jobs.prepare(EXPIRE_TICKET_JOB);
  if (isCustomer && schedulesTransfer(connection)) await deps.jobs.prepare(TRANSFER_WAITING_JOB);

  const result = await deps.db.transaction(async (tx) => {
    const contact = await upsertContact(tx, message);
    const rating = isCustomer ? await ticketAwaitingRating(tx, companyId, contact.id, connectionId) : undefined;
    const { ticket, created, quiet } = rating
      ? { ticket: rating, created: false, quiet: false }
      : quietOrigin
        ? { ...(await quietTicket(tx, companyId, contact.id, connectionId, quietOrigin, now)), created: false }
        : { ...(await activeTicket(tx, companyId, contact.id, connectionId, contact.isGroup, now)), quiet: false };
    const quoted = message.quotedWid ? await findMessageByWid(tx, companyId, connectionId, message.quotedWid) : undefined;
    const [row] = await tx
      .insert(messages)
      .values({
        companyId,
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: connectionId,
        wid: message.wid,
        body: message.body,
        fromMe: message.fromMe,
        // A rating reply arrives on a resolved ticket, a quiet one on a closed one: nobody will open it to read, so it never counts as unread.
        read: message.fromMe || Boolean(rating) || quiet,
        ack: message.fromMe ? 1 : 0,
        mediaType: stored && message.kind !== "sticker" ? stored.kind : MEDIA_TYPE_OF[message.kind],
        mediaUrl: stored?.fileName ?? null,
        mediaName: stored?.originalName ?? null,
        mediaMime: stored?.mime ?? null,
        mediaSize: stored?.size ?? null,
        rawType: message.kind === "unknown" ? (message.rawType ?? "unknown").slice(0, 60) : null,
        data: structuredData(message, mediaError),
        quotedMsgId: quoted?.id ?? null,
        participant: message.chat.isGroup ? message.sender.number : null,
        participantName: message.chat.isGroup ? (message.sender.name?.slice(0, 128) ?? null) : null,
        createdAt: message.timestamp,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [messages.companyId, messages.whatsappId, messages.wid] })
      .returning({ id: messages.id });
    if (!row) return undefined;
    await tx
      .update(tickets)
      .set({
        lastMessage: preview(message, stored),
        updatedAt: now,
        ...(isCustomer && !rating && !quiet ? { unreadMessages: sql`${tickets.unreadMessages} + 1`, lastCustomerMessageAt: lastCustomerMessageAt(connection.provider, message.timestamp, now) } : {}),
      })
      .where(eq(tickets.id, ticket.id));
    // The timers go with the message: a crash after the commit must not leave a ticket that never expires.
    if (isCustomer && !rating && !quiet) await scheduleTimers(deps, tx, ticket, connection, created, now);
    return { messageId: row.id, ticket, created, quiet, awaitingRating: Boolean(rating) };
  });
  if (!result) return;

  if (result.quiet) {
    // Nobody's list shows the quiet ticket: only the workflow that named the message handles it.
    await deps.replyClaimers.claim({ companyId, connectionId, number: message.chat.number, body: message.body, ticketId: result.ticket.id });
    return;
  }

  const [dto, ticketDto] = await Promise.all([loadMessage(deps.db, companyId, result.messageId), loadTicket(deps.db, companyId, result.ticket.id)]);
  if (dto && ticketDto) {
    deps.events.publish("message.created", { companyId, message: dto, ticket: ticketDto });
    deps.events.publish("ticket.updated", { companyId, ticket: ticketDto });
  }
  if (!isCustomer) return;

  if (result.awaitingRating) {
    await completeRating(deps, result.ticket, message.body);
    return;
  }
  // A reply a workflow claims (a campaign recipient's opt-out word or confirming reply) is the workflow's, not the bot's.
  if (!result.ticket.isGroup && (await deps.replyClaimers.claim({ companyId, connectionId, number: message.chat.number, body: message.body, ticketId: result.ticket.id }))) return;
  if (result.ticket.status !== "pending" || result.ticket.userId !== null || result.ticket.isGroup) return;
  if (await handleOutOfHours(deps, result.ticket, connection, settingValues, now)) return;
  await runBot(deps, result.ticket, connection, { messageId: result.messageId, body: message.body, kind: message.kind, media: stored }, settingValues);
}
