import { and, eq } from "drizzle-orm";
import { ZProfile } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { tickets, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { listContextOf } from "./tickets.list.ts";
import { type TicketAccessFacts, canAccessTicket, viewerAudience } from "./tickets.policy.ts";
import { type TicketRow, findTicketRow } from "./tickets.repository.ts";

/** The actor's queues and allTicket flag: those read with the request's session check when it did, else read now (listContextOf). */
export async function accessFactsOf(db: Db, ctx: RequestContext): Promise<TicketAccessFacts> {
  return (await listContextOf(db, ctx)).facts;
}

/**
 * The ticket if it is the company's and the actor may open it. `facts` may be given when the caller
 * already read them. Throws ERR_NO_TICKET_FOUND or ERR_NO_PERMISSION.
 */
export async function findAccessibleTicket(db: Db, ctx: RequestContext, ticketId: number, facts?: TicketAccessFacts): Promise<TicketRow> {
  const ticket = await findTicketRow(db, ctx.companyId, ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!(await mayOpenTicket(db, ctx, ticket, facts))) throw new AppError("ERR_NO_PERMISSION", undefined, "Acesso não permitido");
  return ticket;
}

/**
 * Whether the actor may open a ticket of the company (canAccessTicket, with the actor's facts read from
 * the database unless given; an admin needs none).
 */
export async function mayOpenTicket(db: Db, ctx: RequestContext, ticket: { userId: number | null; queueId: number | null }, facts?: TicketAccessFacts): Promise<boolean> {
  if (ctx.profile === "admin") return true;
  return canAccessTicket(ctx, ticket, facts ?? (await accessFactsOf(db, ctx)));
}

/** The context a stored user of the company acts in (a job acting for the user who asked for it); undefined when the user is gone. */
export async function contextOfUser(db: Db, companyId: number, userId: number): Promise<RequestContext | undefined> {
  const [user] = await db.select({ profile: users.profile, isSuper: users.isSuper }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!user) return undefined;
  return { companyId, userId, profile: ZProfile.catch("user").parse(user.profile), isSuper: user.isSuper };
}

/** A user as the visibility rule sees them now (profile, queues and allTicket read from the database). */
export interface TicketViewer {
  ctx: RequestContext;
  facts: TicketAccessFacts;
  /** `viewerAudience` of the user: the keys of the tickets they may open. */
  audience: string[];
}

/** The current viewer facts of a user of the company, or undefined when the user is gone. */
export async function loadTicketViewer(db: Db, companyId: number, userId: number): Promise<TicketViewer | undefined> {
  const ctx = await contextOfUser(db, companyId, userId);
  if (!ctx) return undefined;
  const facts = await accessFactsOf(db, ctx);
  return { ctx, facts, audience: viewerAudience(ctx, facts) };
}

/**
 * The id of the ticket named by its id or uuid, when it is the company's and the viewer may open it
 * (`canAccessTicket`); undefined otherwise, whichever of the two it is.
 */
export async function findVisibleTicketId(db: Db, viewer: TicketViewer, ref: number | string): Promise<number | undefined> {
  const { companyId } = viewer.ctx;
  const byId = typeof ref === "number" || /^\d{1,10}$/.test(ref);
  if (!byId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref)) return undefined;
  const id = byId ? Number(ref) : undefined;
  if (id !== undefined && id > 2147483647) return undefined;
  const [ticket] = await db
    .select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), id !== undefined ? eq(tickets.id, id) : eq(tickets.uuid, String(ref).toLowerCase())));
  if (!ticket || !canAccessTicket(viewer.ctx, ticket, viewer.facts)) return undefined;
  return ticket.id;
}
