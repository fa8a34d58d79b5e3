import type { Queue } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { findCompanyQueueIds, listQueueRows } from "./queues.repository.ts";

/** Every queue of the session's company (any profile: attendants pick queues when transferring). */
export function listQueues(deps: { db: Db }, ctx: RequestContext): Promise<Queue[]> {
  return listQueueRows(deps.db, ctx.companyId);
}

/**
 * Checks that every id names a queue of the company (`db` may be a transaction).
 * Throws ERR_NO_QUEUE_FOUND when one does not, another company's queue included.
 */
export async function assertCompanyQueues(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await findCompanyQueueIds(db, companyId, wanted);
  if (found.length !== wanted.length) throw new AppError("ERR_NO_QUEUE_FOUND", undefined, "Queue not found");
}
