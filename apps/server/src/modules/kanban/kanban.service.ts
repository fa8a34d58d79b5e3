import { type KanbanLanePage, type KanbanQuery, can } from "@conversa/shared";
import { and } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { listContextOf, listTicketIds, loadTickets, ticketListWhere } from "../tickets/index.ts";
import { type BoardPart, boardCondition, isKanbanTag } from "./kanban.repository.ts";

/** The part of the board a query asks for. */
function boardPartOf(query: KanbanQuery): BoardPart {
  if (query.tagId !== undefined) return { tagId: query.tagId };
  return query.untagged ? "untagged" : "board";
}

/**
 * One page of the board (GET /ticket/kanban): the inbox's filter (the actor's visibility rule,
 * `queueIds`, `showAll` for those allowed it) narrowed to the open and pending tickets of a lane
 * (`tagId`), of 'Em aberto' (`untagged`) or of every lane, newest activity first, each with its tags,
 * with the count. Its route needs the plan's useKanban.
 * Throws ERR_NO_PERMISSION (plan), ERR_NO_TAG_FOUND (a lane that is not one of the company's kanban tags).
 */
export async function listKanbanLane(deps: { db: Db }, ctx: RequestContext, query: KanbanQuery): Promise<KanbanLanePage> {
  if (query.tagId !== undefined && !(await isKanbanTag(deps.db, ctx.companyId, query.tagId))) throw new AppError("ERR_NO_TAG_FOUND");
  const { facts, timezone } = await listContextOf(deps.db, ctx);
  const canShowAll = can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tickets-manager:showall");
  const inbox = ticketListWhere(ctx, { pageNumber: query.pageNumber, queueIds: query.queueIds, showAll: query.showAll }, facts, canShowAll, timezone);
  const { ids, count, hasMore } = await listTicketIds(deps.db, and(inbox, boardCondition(boardPartOf(query)))!, query.pageNumber);
  return { tickets: await loadTickets(deps.db, ctx.companyId, ids), count, hasMore };
}
