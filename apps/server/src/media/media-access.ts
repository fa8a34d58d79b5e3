import { and, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { announcements, campaigns, fileListOptions, messages, queueOptions, queues, quickMessages, schedules, tickets } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import type { RequestContext } from "../lib/context.ts";
import { accessFactsOf } from "../modules/tickets/index.ts";
import { type MediaReference, canReadMediaVia } from "./media.policy.ts";

/** Every record of the company that names the file, in one query. */
export async function findMediaReferences(db: Db, companyId: number, fileName: string): Promise<MediaReference[]> {
  const none = sql<number | null>`null::integer`;
  const rows = await unionAll(
    db
      .select({ kind: sql<string>`'message'`.as("kind"), queueId: tickets.queueId, userId: tickets.userId, geral: sql<boolean>`false`.as("geral") })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.companyId, companyId), eq(messages.mediaUrl, fileName))),
    db
      .select({ kind: sql<string>`'schedule'`.as("kind"), queueId: none.as("queue_id"), userId: schedules.userId, geral: sql<boolean>`false`.as("geral") })
      .from(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.mediaPath, fileName))),
    db
      .select({ kind: sql<string>`'quickMessage'`.as("kind"), queueId: none.as("queue_id"), userId: quickMessages.userId, geral: quickMessages.geral })
      .from(quickMessages)
      .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.mediaPath, fileName))),
    db
      .select({ kind: sql<string>`'queue'`.as("kind"), queueId: none.as("queue_id"), userId: none.as("user_id"), geral: sql<boolean>`false`.as("geral") })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.mediaPath, fileName))),
    db
      .select({ kind: sql<string>`'queue'`.as("kind"), queueId: none.as("queue_id"), userId: none.as("user_id"), geral: sql<boolean>`false`.as("geral") })
      .from(queueOptions)
      .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.mediaPath, fileName))),
    db
      .select({ kind: sql<string>`'campaign'`.as("kind"), queueId: none.as("queue_id"), userId: none.as("user_id"), geral: sql<boolean>`false`.as("geral") })
      .from(campaigns)
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.mediaPath, fileName))),
    db
      .select({ kind: sql<string>`'queue'`.as("kind"), queueId: none.as("queue_id"), userId: none.as("user_id"), geral: sql<boolean>`false`.as("geral") })
      .from(fileListOptions)
      .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.path, fileName))),
  );
  return rows.map((row): MediaReference => {
    if (row.kind === "message") return { kind: "message", queueId: row.queueId, userId: row.userId };
    if (row.kind === "schedule") return { kind: "schedule", userId: row.userId };
    if (row.kind === "quickMessage") return { kind: "quickMessage", userId: row.userId, geral: row.geral === true };
    if (row.kind === "campaign") return { kind: "campaign" };
    return { kind: "queue" };
  });
}

/**
 * Checks that the actor may read a stored file of their company: some record that names it (a
 * message, schedule, quick reply, queue or queue option, campaign or file list) must be readable by them, with that record's
 * rule. Throws ERR_NOT_FOUND when no record names it, ERR_NO_PERMISSION when none is readable.
 */
export async function assertMediaReadable(db: Db, ctx: RequestContext, fileName: string): Promise<void> {
  const references = await findMediaReferences(db, ctx.companyId, fileName);
  if (references.length === 0) throw new AppError("ERR_NOT_FOUND");
  const needsFacts = ctx.profile !== "admin" && references.some((reference) => reference.kind === "message");
  const facts = needsFacts ? await accessFactsOf(db, ctx) : undefined;
  if (!references.some((reference) => canReadMediaVia(ctx, reference, facts ?? { queueIds: [], allTicket: "desabled" }))) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * Checks that the actor, of whichever company, may read a file of the installation's folder: an
 * announcement that names it must be one they may see (an active one, or any for a super user). A file
 * no announcement names, or only ones the actor may not see, answers ERR_NOT_FOUND: an inactive
 * announcement's image is as unknown to them as the announcement itself. Company files are never
 * looked up here, nor installation files by `assertMediaReadable`.
 */
export async function assertInstallationMediaReadable(db: Db, ctx: RequestContext, fileName: string): Promise<void> {
  const rows = await db.select({ status: announcements.status }).from(announcements).where(eq(announcements.mediaPath, fileName));
  const references = rows.map((row): MediaReference => ({ kind: "announcement", status: row.status }));
  if (!references.some((reference) => canReadMediaVia(ctx, reference, undefined))) throw new AppError("ERR_NOT_FOUND");
}
