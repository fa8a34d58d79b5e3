import type { InboundHandler } from "../channels/channel-manager.ts";
import type { InboundMessage } from "../channels/types.ts";
import { KeyedSerial } from "../lib/keyed-serial.ts";
import type { EngineDeps } from "./deps.ts";
import { drainWaitingLine, runSlaCheckJob } from "./distribution.ts";
import { handleInboundMessage } from "./inbound.ts";
import { DRAIN_WAITING_LINE_JOB, EXPIRE_TICKET_JOB, LEGACY_SEND_MESSAGE_JOB, SEND_MESSAGE_JOB, SLA_CHECK_JOB, TRANSFER_WAITING_JOB } from "./jobs.ts";
import { runExpireTicketJob, runTransferWaitingJob } from "./lifecycle.ts";
import { applyAck, runLegacySendMessageJob, runSendMessageJob } from "./outbound.ts";
import { applySendFailed, reconcileInterruptedSend } from "./cloud-statuses.ts";
import type { AckInterest, AckWatcher, ClaimInterest, CustomerReplyClaimer, QuietReplyCheck, QuietScreen } from "./reply-hooks.ts";

/**
 * The conversation engine: receives normalised channel events from the channel manager and runs the
 * durable jobs (sends, expiry and transfer timers). Business rules live in its step modules.
 */
export class ConversationEngine implements InboundHandler {
  /** What the engine works with; services that run engine rules (messages, ticket actions) use the same. */
  constructor(readonly deps: EngineDeps) {}

  /**
   * The messages of one chat are handled one at a time, in arrival order: each sees the ticket and bot
   * state the one before left (several messages a customer sends at once get one menu, not one each).
   * One process handles a connection's messages (the one running its session; for an official line, the
   * one running the connection's webhook job, one at a time), so this order holds.
   */
  private readonly chats = new KeyedSerial<string>();

  /** No inbound message is being handled or waiting. */
  get idle(): boolean {
    return this.chats.size === 0;
  }

  handleInbound(message: InboundMessage): Promise<void> {
    return this.chats.run(`${message.connectionId}:${message.chat.number}`, () => handleInboundMessage(this.deps, message));
  }

  /**
   * Lets a workflow claim customers' replies before the bot answers them (a campaign's opt-out words and
   * confirmations); called at start-up by the workflow, asked in the order of registration. With an
   * interest, the claimer is asked only about the numbers for which it holds.
   */
  claimCustomerReplies(claimer: CustomerReplyClaimer, interest?: ClaimInterest): void {
    this.deps.replyClaimers.register(claimer, interest);
  }

  /**
   * Lets a workflow name the customers' messages that open nothing for attendants (a campaign's opt-out
   * words): without an active ticket, such a message is stored in a new closed ticket of the origin the
   * check answers, and no event announces it. With a screen, the check is asked only about the messages
   * the screen lets through.
   */
  keepRepliesQuiet(check: QuietReplyCheck, screen?: QuietScreen): void {
    this.deps.replyClaimers.registerQuiet(check, screen);
  }

  /** Lets a workflow follow the acks of its messages (a campaign's report); called at start-up by the workflow. */
  watchAcks(watcher: AckWatcher, interest?: AckInterest): void {
    this.deps.ackWatchers.register(watcher, interest);
  }

  handleAck(event: { connectionId: number; companyId: number; wid: string; ack: number }): Promise<void> {
    return applyAck(this.deps, event);
  }

  handleSendFailed(event: { connectionId: number; companyId: number; wid: string; reason: string }): Promise<void> {
    return applySendFailed(this.deps, event);
  }

  /** A status naming a send by its idempotency key completes the bookkeeping of that send if a crash interrupted it (see `reconcileInterruptedSend`). */
  reconcileSend(event: { connectionId: number; companyId: number; idempotencyKey: string; wid: string }): Promise<boolean> {
    return reconcileInterruptedSend(this.deps, event);
  }

  /** Registers the job handlers; call after the job queue started. */
  async startWorkers(): Promise<void> {
    const { jobs } = this.deps;
    // The queue hands out one job per chat at a time; four workers send to four chats side by side.
    await jobs.work(SEND_MESSAGE_JOB, (payload, job) => runSendMessageJob(this.deps, payload, job), { concurrency: 4, pollingIntervalSeconds: 0.5 });
    await jobs.work(LEGACY_SEND_MESSAGE_JOB, (payload) => runLegacySendMessageJob(this.deps, payload));
    await jobs.work(EXPIRE_TICKET_JOB, (payload) =>
      runExpireTicketJob(this.deps, payload, async (at) => {
        await jobs.send(EXPIRE_TICKET_JOB, payload, { startAfter: at });
      }),
    );
    await jobs.work(TRANSFER_WAITING_JOB, (payload) => runTransferWaitingJob(this.deps, payload));
    await jobs.work(SLA_CHECK_JOB, (payload) => runSlaCheckJob(this.deps, payload));
    // A freed slot, an attendant online, a raised limit: the waiting line moves, in whichever process takes the job.
    await jobs.work(DRAIN_WAITING_LINE_JOB, async (payload) => {
      await drainWaitingLine(this.deps, payload.companyId, payload);
    }, { pollingIntervalSeconds: 0.5 });
  }
}
