import { setTimeout as sleep } from "node:timers/promises";
import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { ChannelNotConnectedError } from "../../channels/types.ts";
import { connections } from "../../db/schema/index.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import { type JobQueue, defineJob } from "../../jobs/queue.ts";
import { findContactList, listUncheckedItems, markItemValidity } from "./contact-lists.repository.ts";

/** Numbers checked by one run of the validity job, one at a time. */
export const CHECKS_PER_RUN = 20;
/** Pause between two checks on the network: at most four numbers a second per list. */
export const CHECK_PAUSE_MS = 250;
/** Wait before trying again while the connection is not connected, and how many times before giving up until the next change. */
const NOT_CONNECTED_RETRY_MS = 60_000;
const MAX_NOT_CONNECTED_RUNS = 60;

/**
 * `contact-lists.check-numbers`: checks whether the list's unchecked numbers are on WhatsApp, on the
 * company's default connection, a few at a bounded pace, then queues itself again while some remain.
 * Each answer is written (and announced) at once, so the page's icons change live; a job repeated after
 * a crash only checks what is still unchecked.
 */
export const CHECK_NUMBERS_JOB = defineJob({
  name: "contact-lists.check-numbers",
  schema: z.object({ companyId: z.number().int().positive(), contactListId: z.number().int().positive(), waits: z.number().int().min(0).default(0) }),
  retryLimit: 5,
  retryDelay: 10,
  backoff: true,
});

/** Queues the check of a list's unchecked numbers (call after adding or changing numbers). */
export async function queueNumberChecks(jobs: JobQueue, companyId: number, contactListId: number, startAfter?: Date, waits = 0): Promise<void> {
  await jobs.send(CHECK_NUMBERS_JOB, { companyId, contactListId, waits }, { singletonKey: `contact-list-${contactListId}`, ...(startAfter ? { startAfter } : {}) });
}

async function checkingConnection(deps: EngineDeps, companyId: number): Promise<number | undefined> {
  const [row] = await deps.db
    .select({ id: connections.id })
    .from(connections)
    .where(eq(connections.companyId, companyId))
    .orderBy(desc(connections.isDefault), asc(connections.id))
    .limit(1);
  return row?.id;
}

/** Runs one step of the validity job (see CHECK_NUMBERS_JOB). */
export async function runCheckNumbersJob(deps: EngineDeps, payload: z.output<typeof CHECK_NUMBERS_JOB.schema>, pauseMs = CHECK_PAUSE_MS): Promise<void> {
  const { companyId, contactListId } = payload;
  if (!(await findContactList(deps.db, companyId, contactListId))) return;
  const connectionId = await checkingConnection(deps, companyId);
  if (connectionId === undefined) return;
  const items = await listUncheckedItems(deps.db, companyId, contactListId, CHECKS_PER_RUN);
  if (items.length === 0) return;
  for (const [index, item] of items.entries()) {
    if (index > 0) await sleep(pauseMs);
    let valid: boolean;
    try {
      valid = (await deps.channels.checkNumber(connectionId, item.number)).exists;
    } catch (error) {
      // Not connected, or the session runs in another process: try again later (any process may take it).
      const notReady = error instanceof ChannelNotConnectedError || (error instanceof AppError && error.code === "ERR_WAPP_NOT_INITIALIZED");
      if (!notReady) throw error;
      if (payload.waits >= MAX_NOT_CONNECTED_RUNS) return;
      await queueNumberChecks(deps.jobs, companyId, contactListId, new Date(Date.now() + NOT_CONNECTED_RETRY_MS), payload.waits + 1);
      return;
    }
    const record = await markItemValidity(deps.db, companyId, item.id, item.number, valid);
    if (record) deps.events.publish("record.changed", { companyId, channel: "ContactListItem", action: "update", record });
  }
  const list = await findContactList(deps.db, companyId, contactListId);
  if (list) deps.events.publish("record.changed", { companyId, channel: "ContactList", action: "update", record: list });
  if (items.length === CHECKS_PER_RUN) await queueNumberChecks(deps.jobs, companyId, contactListId, new Date(Date.now() + pauseMs));
}
