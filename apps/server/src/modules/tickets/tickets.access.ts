import { and, eq } from "drizzle-orm";
import { ZProfile } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { userQueues, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { type TicketAccessFacts, canAccessTicket } from "./tickets.policy.ts";
import { type TicketRow, findTicketRow } from "./tickets.repository.ts";

export async function accessFactsOf(db: Db, ctx: RequestContext): Promise<TicketAccessFacts> {
  const [user] = await db.select({ allTicket: users.allTicket }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.userId)));
  const queues = await db.select({ queueId: userQueues.queueId }).from(userQueues).where(and(eq(userQueues.companyId, ctx.companyId), eq(userQueues.userId, ctx.userId)));
  return { allTicket: user?.allTicket ?? "desabled", queueIds: queues.map((q) => q.queueId) };
}

/** The ticket if it is the company's and the actor may open it. Throws ERR_NO_TICKET_FOUND or ERR_NO_PERMISSION. */
export async function findAccessibleTicket(db: Db, ctx: RequestContext, ticketId: number): Promise<TicketRow> {
  const ticket = await findTicketRow(db, ctx.companyId, ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  if (ctx.profile !== "admin" && !canAccessTicket(ctx, ticket, await accessFactsOf(db, ctx))) throw new AppError("ERR_NO_PERMISSION", undefined, "Acesso não permitido");
  return ticket;
}

/** Whether the actor may open a ticket of the company (canAccessTicket, with the actor's facts read from the database). */
export async function mayOpenTicket(db: Db, ctx: RequestContext, ticket: { userId: number | null; queueId: number | null }): Promise<boolean> {
  if (ctx.profile === "admin") return true;
  return canAccessTicket(ctx, ticket, await accessFactsOf(db, ctx));
}

/** The context a stored user of the company acts in (a job acting for the user who asked for it); undefined when the user is gone. */
export async function contextOfUser(db: Db, companyId: number, userId: number): Promise<RequestContext | undefined> {
  const [user] = await db.select({ profile: users.profile, isSuper: users.isSuper }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!user) return undefined;
  return { companyId, userId, profile: ZProfile.catch("user").parse(user.profile), isSuper: user.isSuper };
}
