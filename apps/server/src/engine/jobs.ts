import { z } from "zod";
import { defineJob } from "../jobs/queue.ts";

const ZTicketJob = z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() });

/** Sends one stored outbound message. Retried with backoff (up to a minute apart) while the connection is down. */
export const SEND_MESSAGE_JOB = defineJob({
  name: "messages.send",
  schema: z.object({ companyId: z.number().int().positive(), messageId: z.number().int().positive() }),
  retryLimit: 60,
  retryDelay: 2,
  backoff: true,
  retryDelayMax: 60,
});

/** Closes a ticket whose customer has been silent for the connection's `expiresTicket` minutes. */
export const EXPIRE_TICKET_JOB = defineJob({ name: "tickets.expire", schema: ZTicketJob, retryLimit: 5 });

/** Moves a pending ticket nobody accepted in `timeToTransfer` minutes to the connection's transfer queue. */
export const TRANSFER_WAITING_JOB = defineJob({ name: "tickets.transfer-waiting", schema: ZTicketJob, retryLimit: 5 });

/** Tells the admins of a queue, once, that a pending ticket waited past the queue's SLA target. */
export const SLA_CHECK_JOB = defineJob({ name: "distribution.sla-check", schema: ZTicketJob, retryLimit: 5 });
