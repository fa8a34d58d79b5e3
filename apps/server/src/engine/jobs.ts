import { z } from "zod";
import { defineJob } from "../jobs/queue.ts";

const ZTicketJob = z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() });

const ZSendMessageJob = z.object({ companyId: z.number().int().positive(), messageId: z.number().int().positive() });

/**
 * Sends one stored outbound message, after the earlier ones of its conversation: the jobs of one chat
 * (`sendQueueKeyOf`) run one at a time in the order queued, and a send waiting for its retry holds back
 * the ones after it. Retried with backoff (at most 15 s apart) for `SEND_RETRY_WINDOW_MS`, then marked
 * failed; the retry limit is only a backstop, never reached first.
 */
export const SEND_MESSAGE_JOB = defineJob({
  name: "messages.send-in-order",
  schema: ZSendMessageJob,
  ordering: "ordered",
  retryLimit: 500,
  retryDelay: 1,
  backoff: true,
  retryDelayMax: 15,
  // A send of a process that died holds back its chat until the queue sees it dead: look sooner (10 s is the least the queue takes).
  heartbeatSeconds: 10,
});

/** Sends queued by earlier versions (no order per chat): each is handed to `SEND_MESSAGE_JOB`. */
export const LEGACY_SEND_MESSAGE_JOB = defineJob({ name: "messages.send", schema: ZSendMessageJob, retryLimit: 60, retryDelay: 2, backoff: true, retryDelayMax: 60 });

/** The send queue a message belongs to: its chat (the contact on the connection). */
export function sendQueueKeyOf(message: { whatsappId: number | null; contactId: number | null }): string {
  return `chat:${message.whatsappId ?? 0}:${message.contactId ?? 0}`;
}

/** Closes a ticket whose customer has been silent for the connection's `expiresTicket` minutes. */
export const EXPIRE_TICKET_JOB = defineJob({ name: "tickets.expire", schema: ZTicketJob, retryLimit: 5 });

/** Moves a pending ticket nobody accepted in `timeToTransfer` minutes to the connection's transfer queue. */
export const TRANSFER_WAITING_JOB = defineJob({ name: "tickets.transfer-waiting", schema: ZTicketJob, retryLimit: 5 });

/** Tells the admins of a queue, once, that a pending ticket waited past the queue's SLA target. */
export const SLA_CHECK_JOB = defineJob({ name: "distribution.sla-check", schema: ZTicketJob, retryLimit: 5 });

const ZDrainJob = z.object({
  companyId: z.number().int().positive(),
  /** An attendant who may have capacity now: the queues they serve. */
  userId: z.number().int().positive().optional(),
  /** Queues whose waiting line may move. */
  queueIds: z.array(z.number().int().positive()).max(500).default([]),
});

/**
 * Moves the fair waiting line after capacity may have been freed (a ticket resolved, transferred,
 * expired or taken from its reserved attendant; an attendant came online; a limit was raised or a rule
 * changed). Idempotent: a drain only hands waiting tickets to attendants with capacity, under the
 * company's distribution lock, so a retry or a second process finds nothing left to do twice.
 */
export const DRAIN_WAITING_LINE_JOB = defineJob({ name: "distribution.drain", schema: ZDrainJob, retryLimit: 10, retryDelay: 1, backoff: true, retryDelayMax: 30 });
