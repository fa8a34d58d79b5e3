import { and, eq } from "drizzle-orm";
import type { Ticket, TicketActivity } from "@conversa/shared";
import { contacts, queues, tickets, userRatings, users } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { AppError } from "../lib/app-error.ts";
import type { RequestContext } from "../lib/context.ts";
import { type TicketActivityInput, findOtherActiveTicket, loadTicket, loadTicketActivity, recordTicketActivity } from "../modules/tickets/index.ts";
import { connectionOf, isEnabled, settingsOf } from "./context.ts";
import { type EngineDeps, nowOf } from "./deps.ts";
import { queueOutboundMessage } from "./outbound.ts";
import { routeTicket } from "./routing.ts";
import { distributeTicket, requestDrain, scheduleSlaCheck } from "./distribution.ts";

type TicketRow = typeof tickets.$inferSelect;
type TicketPatch = Partial<typeof tickets.$inferInsert>;

/** The rating options sent after the connection's rating message (spec engine §5). */
export const RATING_OPTIONS = "*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito";


async function findTicket(deps: EngineDeps, companyId: number, ticketId: number): Promise<TicketRow> {
  const [row] = await deps.db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  return row;
}

/** The contact's other active ticket, as ERR_OTHER_OPEN_TICKET carries it (who attends it, or whom it is reserved for). */
async function otherOpenTicketError(deps: EngineDeps, ticket: TicketRow): Promise<AppError> {
  const other = await findOtherActiveTicket(deps.db, ticket.companyId, ticket.contactId);
  return new AppError("ERR_OTHER_OPEN_TICKET", other, JSON.stringify(other ?? {}));
}

/** An attendant's action on a ticket, recorded as an activity line of the conversation. */
type ActivityOf = Omit<TicketActivityInput, "companyId" | "ticketId" | "at">;

/**
 * Applies a status change in one statement (with its activity, when an attendant made it, in the same
 * transaction) and publishes it; a second active ticket for the contact answers ERR_OTHER_OPEN_TICKET.
 */
async function applyChange(deps: EngineDeps, ticket: TicketRow, patch: TicketPatch, activity?: ActivityOf): Promise<Ticket> {
  const now = nowOf(deps);
  let activityId: number | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(tickets)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id)));
      if (activity) activityId = await recordTicketActivity(tx, { ...activity, companyId: ticket.companyId, ticketId: ticket.id, at: now });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await otherOpenTicketError(deps, ticket);
    throw error;
  }
  return publishChange(deps, ticket, activityId);
}

/** Publishes a ticket as it is now, after a change from `ticket` (as it was before), with the activity it recorded. */
async function publishChange(deps: EngineDeps, ticket: TicketRow, activityId?: number): Promise<Ticket> {
  const dto = await loadTicket(deps.db, ticket.companyId, ticket.id);
  if (!dto) throw new AppError("ERR_NO_TICKET_FOUND");
  const activity: TicketActivity | undefined = activityId === undefined ? undefined : await loadTicketActivity(deps.db, ticket.companyId, activityId);
  deps.events.publish("ticket.updated", {
    companyId: ticket.companyId,
    ticket: dto,
    previousStatus: ticket.status === "open" || ticket.status === "closed" ? ticket.status : "pending",
    previousAccess: { queueId: ticket.queueId, userId: ticket.userId },
    ...(activity ? { activity } : {}),
  });
  return dto;
}

/**
 * A ticket left its holder (resolved, transferred, expired, taken by someone else): the holder has a
 * free slot, so the waiting line of their queues (and of the ticket's queue) moves, through a durable job.
 */
async function freeSlotOf(deps: EngineDeps, ticket: Pick<TicketRow, "companyId" | "userId" | "queueId">): Promise<void> {
  if (ticket.userId === null) return;
  await requestDrain(deps, ticket.companyId, { userId: ticket.userId, queueIds: [ticket.queueId] });
}

function say(deps: EngineDeps, ticket: TicketRow, body: string) {
  if (!body.trim()) return Promise.resolve(undefined);
  return queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body, userId: null });
}

async function nameOf(deps: EngineDeps, companyId: number, table: "users" | "contacts" | "queues", id: number | null): Promise<string> {
  if (id === null) return "";
  if (table === "users") return (await deps.db.select({ name: users.name }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))))[0]?.name ?? "";
  if (table === "queues") return (await deps.db.select({ name: queues.name }).from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id))))[0]?.name ?? "";
  return (await deps.db.select({ name: contacts.name }).from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))))[0]?.name ?? "";
}

/**
 * How an acceptance ended: the ticket as it was when it was taken, or the ticket as it is when it could
 * not be (someone else holds it, or it is no longer waiting).
 */
type Claim = { taken: true; before: TicketRow; activityId: number } | { taken: false; now: TicketRow };

/**
 * Takes a waiting ticket for the actor, in one transaction that holds the ticket's row: of two
 * attendants accepting at once, the second reads the ticket as the first left it. An open ticket
 * without an attendant may be taken too.
 */
async function claimTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number): Promise<Claim> {
  return deps.db.transaction(async (tx): Promise<Claim> => {
    const [row] = await tx.select().from(tickets).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))).for("update");
    if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
    if (row.status !== "pending" && !(row.status === "open" && row.userId === null)) return { taken: false, now: row };
    const now = nowOf(deps);
    await tx
      .update(tickets)
      .set({ status: "open", userId: ctx.userId, acceptedAt: row.acceptedAt ?? now, chatbot: false, botState: null, updatedAt: now })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)));
    const activityId = await recordTicketActivity(tx, { companyId: ctx.companyId, ticketId, kind: "accepted", userId: ctx.userId, at: now });
    return { taken: true, before: row, activityId };
  });
}

/**
 * Accept: pending → open with the actor as attendant; with sendGreetingAccepted, the customer is greeted
 * by name. Atomic: when two attendants accept the same ticket at once, one takes it and the other gets
 * ERR_TICKET_ALREADY_ACCEPTED with who took it (details `{userId, userName}`), as does anyone accepting
 * a ticket another attendant holds. A ticket the actor already holds, or one closed meanwhile, is
 * answered as it is. Throws ERR_NO_TICKET_FOUND, ERR_TICKET_ALREADY_ACCEPTED.
 */
export async function acceptTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number): Promise<Ticket> {
  const claim = await claimTicket(deps, ctx, ticketId);
  if (!claim.taken) {
    const holder = claim.now.status === "open" ? claim.now.userId : null;
    if (holder !== null && holder !== ctx.userId) {
      throw new AppError("ERR_TICKET_ALREADY_ACCEPTED", { userId: holder, userName: await nameOf(deps, ctx.companyId, "users", holder) }, "Another attendant accepted this ticket first");
    }
    const current = await loadTicket(deps.db, ctx.companyId, ticketId);
    if (!current) throw new AppError("ERR_NO_TICKET_FOUND");
    return current;
  }
  const ticket = claim.before;
  const dto = await publishChange(deps, ticket, claim.activityId);
  // Taken from the attendant it was reserved for: their slot is free again.
  if (ticket.userId !== null && ticket.userId !== ctx.userId) await freeSlotOf(deps, ticket);
  const settingValues = await settingsOf(deps.db, ctx.companyId);
  if (isEnabled(settingValues, "sendGreetingAccepted") && !ticket.isGroup) {
    const [contactName, userName] = await Promise.all([nameOf(deps, ctx.companyId, "contacts", ticket.contactId), nameOf(deps, ctx.companyId, "users", ctx.userId)]);
    await say(deps, ticket, `Olá *${contactName}*, meu nome é *${userName}* e agora vou prosseguir com seu atendimento!`);
  }
  return dto;
}

/**
 * Return: open → pending, attendant cleared. Back in its queue, the ticket is routed again by the
 * queue's store (spec engine §4), to anyone but the attendant who gave it back; it waits in the line
 * when nobody else has capacity. Once it is reserved for someone else, the returning attendant's slot
 * moves the line.
 */
export async function returnTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number): Promise<Ticket> {
  const ticket = await findTicket(deps, ctx.companyId, ticketId);
  let dto = await applyChange(deps, ticket, { status: "pending", userId: null }, { kind: "returned", userId: ctx.userId });
  if (ticket.queueId !== null) {
    const returned: TicketRow = { ...ticket, status: "pending", userId: null };
    const routed = await distributeTicket(deps, {
      companyId: ctx.companyId,
      ticketId,
      fromQueueId: ticket.queueId,
      toQueueId: ticket.queueId,
      strategy: "return",
      ...(ticket.userId !== null ? { excludeUserId: ticket.userId } : {}),
    });
    await scheduleSlaCheck(deps, ctx.companyId, ticketId, routed.queueId);
    // Waiting unreserved, the ticket would be the line's oldest for the slot it just freed: not handed straight back.
    if (routed.recommendedUserId === null) return dto;
    dto = await publishChange(deps, returned);
  }
  await freeSlotOf(deps, ticket);
  return dto;
}

/** Reopen: closed → open with the actor as attendant. Throws ERR_OTHER_OPEN_TICKET when the contact already has an active ticket. */
export async function reopenTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number): Promise<Ticket> {
  const ticket = await findTicket(deps, ctx.companyId, ticketId);
  return applyChange(deps, ticket, { status: "open", userId: ctx.userId, awaitingRating: false, closedAt: null, origin: "inbox" }, { kind: "reopened", userId: ctx.userId });
}

/**
 * Resolve: closes the ticket (integration off, no prompt). With userRating enabled (and not a group)
 * the rating message and options are sent and the ticket waits for the customer's 1–3; otherwise the
 * completion message is sent.
 */
export async function resolveTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number): Promise<Ticket> {
  const ticket = await findTicket(deps, ctx.companyId, ticketId);
  const settingValues = await settingsOf(deps.db, ctx.companyId);
  const connection = ticket.whatsappId !== null ? await connectionOf(deps.db, ctx.companyId, ticket.whatsappId) : undefined;
  const askRating = isEnabled(settingValues, "userRating") && !ticket.isGroup && connection !== undefined;
  const dto = await applyChange(deps, ticket, {
    status: "closed",
    userId: ticket.userId ?? ctx.userId,
    useIntegration: false,
    promptId: null,
    botSummary: null,
    chatbot: false,
    botState: null,
    closedAt: nowOf(deps),
    awaitingRating: askRating,
  }, { kind: "resolved", userId: ctx.userId });
  await freeSlotOf(deps, ticket);
  if (askRating) {
    const intro = connection.ratingMessage.trim() || "Por favor, avalie o nosso atendimento:";
    await say(deps, ticket, `${intro}\n\n${RATING_OPTIONS}`);
  } else if (connection) {
    await say(deps, ticket, connection.complationMessage);
  }
  return dto;
}

/**
 * The customer answered the rating request: 1–3 is recorded; anything else closes without a rating.
 * Either way the completion message is sent and the ticket stops waiting.
 */
export async function completeRating(deps: EngineDeps, ticket: TicketRow, body: string): Promise<void> {
  const text = body.trim();
  if (/^[123]$/.test(text)) {
    await deps.db
      .insert(userRatings)
      .values({ companyId: ticket.companyId, ticketId: ticket.id, userId: ticket.userId, rate: Number(text) })
      .onConflictDoNothing({ target: userRatings.ticketId });
  }
  await applyChange(deps, ticket, { awaitingRating: false });
  const connection = ticket.whatsappId !== null ? await connectionOf(deps.db, ticket.companyId, ticket.whatsappId) : undefined;
  if (connection) await say(deps, ticket, connection.complationMessage);
}

export interface TransferInput {
  queueId: number;
  userId?: number | null;
  whatsappId?: number | null;
}

/**
 * Transfer to a queue (and optionally a user and a connection). Without a user the ticket becomes
 * pending with no user. With sendMsgTransfTicket the customer is told where they were transferred.
 * Throws ERR_NO_QUEUE_FOUND, ERR_NO_USER_FOUND, ERR_NO_WAPP_FOUND for ids outside the company.
 */
export async function transferTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number, input: TransferInput): Promise<Ticket> {
  const ticket = await findTicket(deps, ctx.companyId, ticketId);
  const [queueName, userName] = await Promise.all([nameOf(deps, ctx.companyId, "queues", input.queueId), nameOf(deps, ctx.companyId, "users", input.userId ?? null)]);
  if (!queueName) throw new AppError("ERR_NO_QUEUE_FOUND");
  if (input.userId && !userName) throw new AppError("ERR_NO_USER_FOUND");
  if (input.whatsappId && !(await connectionOf(deps.db, ctx.companyId, input.whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
  const userId = input.userId ?? null;
  if (userId) await routeTicket(deps, { companyId: ctx.companyId, ticketId, fromQueueId: ticket.queueId, toQueueId: input.queueId, strategy: "transfer", assignedUserId: userId });
  let dto = await applyChange(deps, ticket, {
    queueId: input.queueId,
    userId,
    status: userId ? "open" : "pending",
    chatbot: false,
    botState: null,
    ...(input.whatsappId ? { whatsappId: input.whatsappId } : {}),
  }, { kind: "transferred", userId: ctx.userId, toQueueId: input.queueId, toUserId: userId });
  if (!userId) {
    // To a queue without a person: the queue's store distributes it (or it waits, logged either way).
    const moved: TicketRow = { ...ticket, queueId: input.queueId, userId: null, status: "pending" };
    const routed = await distributeTicket(deps, { companyId: ctx.companyId, ticketId, fromQueueId: ticket.queueId, toQueueId: input.queueId, strategy: "transfer" });
    if (routed.recommendedUserId !== null) dto = await publishChange(deps, moved);
    await scheduleSlaCheck(deps, ctx.companyId, ticketId, routed.queueId);
  }
  if (ticket.userId !== userId) await freeSlotOf(deps, ticket);
  const settingValues = await settingsOf(deps.db, ctx.companyId);
  if (isEnabled(settingValues, "sendMsgTransfTicket") && !ticket.isGroup) {
    const toUser = userName ? ` e será atendido por *${userName}*` : "";
    await say(deps, { ...ticket, whatsappId: input.whatsappId ?? ticket.whatsappId }, `*Mensagem automática*:\nVocê foi transferido para o departamento *${queueName}*${toUser}.\nAguarde, em breve iremos atendê-lo!`);
  }
  return dto;
}

/** `tickets.expire`: closes an open or pending ticket whose customer went silent; early runs reschedule themselves. */
export async function runExpireTicketJob(deps: EngineDeps, payload: { companyId: number; ticketId: number }, reschedule: (at: Date) => Promise<void>): Promise<void> {
  const [ticket] = await deps.db.select().from(tickets).where(and(eq(tickets.companyId, payload.companyId), eq(tickets.id, payload.ticketId)));
  if (!ticket || (ticket.status !== "open" && ticket.status !== "pending") || ticket.whatsappId === null) return;
  const connection = await connectionOf(deps.db, ticket.companyId, ticket.whatsappId);
  if (!connection || connection.expiresTicket <= 0) return;
  const lastActivity = ticket.lastCustomerMessageAt ?? ticket.createdAt;
  const dueAt = new Date(lastActivity.getTime() + connection.expiresTicket * 60_000);
  if (dueAt.getTime() > nowOf(deps).getTime()) {
    await reschedule(dueAt);
    return;
  }
  await applyChange(deps, ticket, { status: "closed", closedAt: nowOf(deps), chatbot: false, botState: null });
  await freeSlotOf(deps, ticket);
  await say(deps, ticket, connection.expiresInactiveMessage);
}

/** `tickets.transfer-waiting`: a pending ticket nobody accepted in time moves to the connection's transfer queue. */
export async function runTransferWaitingJob(deps: EngineDeps, payload: { companyId: number; ticketId: number }): Promise<void> {
  const [ticket] = await deps.db.select().from(tickets).where(and(eq(tickets.companyId, payload.companyId), eq(tickets.id, payload.ticketId)));
  if (!ticket || ticket.status !== "pending" || ticket.userId !== null || ticket.whatsappId === null) return;
  const connection = await connectionOf(deps.db, ticket.companyId, ticket.whatsappId);
  if (!connection?.transferQueueId || !connection.timeToTransfer || ticket.queueId === connection.transferQueueId) return;
  const routed = await distributeTicket(deps, { companyId: ticket.companyId, ticketId: ticket.id, fromQueueId: ticket.queueId, toQueueId: connection.transferQueueId, strategy: "timeout" });
  await applyChange(deps, ticket, { chatbot: false, botState: null });
  await scheduleSlaCheck(deps, ticket.companyId, ticket.id, routed.queueId);
}
