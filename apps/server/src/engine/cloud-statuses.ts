import { and, eq, isNull, sql } from "drizzle-orm";
import { cloudSendAttempts, messages } from "../db/schema/index.ts";
import { type EngineDeps, nowOf } from "./deps.ts";
import { messageIdOfIdempotencyKey, publishMessageUpdate } from "./outbound.ts";

/**
 * The network gave up on a message it had accepted (the Cloud API's `failed` status): the business's
 * message with that network id is marked failed with the readable reason, and the conversation shows it.
 */
export async function applySendFailed(deps: EngineDeps, event: { companyId: number; connectionId: number; wid: string; reason: string }): Promise<void> {
  const rows = await deps.db
    .update(messages)
    .set({ sendStatus: "failed", sendError: event.reason.slice(0, 500), sendRetryUntil: null, updatedAt: nowOf(deps) })
    .where(and(eq(messages.companyId, event.companyId), eq(messages.whatsappId, event.connectionId), eq(messages.wid, event.wid), eq(messages.fromMe, true)))
    .returning({ id: messages.id });
  for (const row of rows) await publishMessageUpdate(deps, event.companyId, row.id);
}

/**
 * The bookkeeping of a send interrupted between the Graph API's call and its answer being recorded: a
 * status of the message carries the send's idempotency key (`biz_opaque_callback_data`), so the attempt
 * left without a network id gets it, and the message, still pending without one, is marked sent with it
 * (the retried send job then finds it sent and sends nothing). Answers whether anything was reconciled.
 */
export async function reconcileInterruptedSend(deps: EngineDeps, event: { companyId: number; connectionId: number; idempotencyKey: string; wid: string }): Promise<boolean> {
  const named = messageIdOfIdempotencyKey(event.idempotencyKey);
  if (!named || named.companyId !== event.companyId) return false;
  const attempts = await deps.db
    .update(cloudSendAttempts)
    .set({ wid: event.wid })
    .where(
      and(
        eq(cloudSendAttempts.companyId, event.companyId),
        eq(cloudSendAttempts.connectionId, event.connectionId),
        eq(cloudSendAttempts.idempotencyKey, event.idempotencyKey),
        isNull(cloudSendAttempts.wid),
      ),
    )
    .returning({ key: cloudSendAttempts.idempotencyKey });
  if (attempts.length === 0) return false;
  const rows = await deps.db
    .update(messages)
    .set({ wid: event.wid, ack: sql`greatest(${messages.ack}, 1)`, sendStatus: "sent", sendError: null, sendRetryUntil: null, updatedAt: nowOf(deps) })
    .where(
      and(
        eq(messages.companyId, event.companyId),
        eq(messages.id, named.messageId),
        eq(messages.whatsappId, event.connectionId),
        eq(messages.fromMe, true),
        eq(messages.sendStatus, "pending"),
        isNull(messages.wid),
      ),
    )
    .returning({ id: messages.id });
  for (const row of rows) await publishMessageUpdate(deps, event.companyId, row.id);
  return true;
}
