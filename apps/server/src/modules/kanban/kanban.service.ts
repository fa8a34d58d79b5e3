import { type KanbanLanePage, type KanbanQuery, can } from "@conversa/shared";
import { and } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { listContextOf, listTicketIds, loadTickets, ticketListWhere } from "../tickets/index.ts";
import { isKanbanTag, laneCondition } from "./kanban.repository.ts";

/**
 * One page of one lane of the board (GET /ticket/kanban): the inbox's filter (the actor's visibility
 * rule, `queueIds`, `showAll` for those allowed it) narrowed to the open and pending tickets of the lane,
 * newest activity first, with the lane's count. Its route needs the plan's useKanban.
 * Throws ERR_NO_PERMISSION (plan), ERR_NO_TAG_FOUND (a lane that is not one of the company's kanban tags).
 */
export async function listKanbanLane(deps: { db: Db }, ctx: RequestContext, query: KanbanQuery): Promise<KanbanLanePage> {
  if (query.tagId !== undefined && !(await isKanbanTag(deps.db, ctx.companyId, query.tagId))) throw new AppError("ERR_NO_TAG_FOUND");
  const { facts, timezone } = await listContextOf(deps.db, ctx);
  const canShowAll = can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tickets-manager:showall");
  const inbox = ticketListWhere(ctx, { pageNumber: query.pageNumber, queueIds: query.queueIds, showAll: query.showAll }, facts, canShowAll, timezone);
  const { ids, count, hasMore } = await listTicketIds(deps.db, and(inbox, laneCondition(query.tagId ?? null))!, query.pageNumber);
  return { tickets: await loadTickets(deps.db, ctx.companyId, ids), count, hasMore };
}
