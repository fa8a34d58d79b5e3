import { type SQL, sql } from "drizzle-orm";

/** A customer's message, after it was stored, as a workflow that may claim it sees it. */
export interface CustomerReply {
  companyId: number;
  connectionId: number;
  number: string;
  body: string;
  /** The ticket the reply was stored in. */
  ticketId: number;
}

/** A customer's message before it is stored: what a workflow needs to tell whether it is quiet. */
export type IncomingReply = Omit<CustomerReply, "ticketId">;

/**
 * Answers the origin of the ticket a quiet message goes into (e.g. "campaign" for an opt-out word), or
 * null when the message is an ordinary one. A quiet message of a contact without an active ticket is
 * stored in a new closed ticket of that origin: it opens nothing for attendants.
 */
export type QuietReplyCheck = (reply: IncomingReply) => Promise<string | null>;

/** Answers whether the workflow claimed the reply: a claimed reply is the workflow's, and the bot does not answer it. */
export type CustomerReplyClaimer = (reply: CustomerReply) => Promise<boolean>;

/** Whether any of the hooks' interests holds: false without hooks, true when one hook gave none (it must always be asked). */
function anyInterest<Subject>(interests: readonly (((subject: Subject) => SQL) | undefined)[], subject: Subject): SQL {
  if (interests.length === 0) return sql`false`;
  if (interests.some((interest) => interest === undefined)) return sql`true`;
  return sql.join(
    interests.map((interest) => sql`(${interest!(subject)})`),
    sql` or `,
  );
}

/**
 * A condition (SQL, on the company and number given as SQL) that holds whenever the claimer might claim a
 * reply of that number: the inbound statement evaluates it with the message's own writes, and a claimer
 * whose condition is false is not asked. A claimer without one is always asked.
 */
export type ClaimInterest = (reply: { companyId: SQL; number: SQL }) => SQL;

/**
 * What lets the inbound statement rule a quiet check out without asking it: whether the text might be
 * quiet at all (no query), and a condition (as ClaimInterest) that holds whenever the check might find a
 * message of that number quiet. A message for which both hold is handed to the check.
 */
export interface QuietScreen {
  mightBeQuiet(body: string): boolean;
  interest: ClaimInterest;
}

/**
 * The workflows that may claim a customer's reply before the bot sees it (a campaign recipient's opt-out
 * word or confirming reply), registered at start-up by the modules that drive the engine, so that the
 * engine never imports them.
 */
export class CustomerReplyClaimers {
  private readonly claimers: CustomerReplyClaimer[] = [];
  private readonly interests: (ClaimInterest | undefined)[] = [];
  private readonly quietChecks: QuietReplyCheck[] = [];
  private readonly screens: (QuietScreen | undefined)[] = [];

  register(claimer: CustomerReplyClaimer, interest?: ClaimInterest): void {
    this.claimers.push(claimer);
    this.interests.push(interest);
  }

  /** Whether any claimer might claim a reply of this number (see ClaimInterest): false when none is registered. */
  interestCondition(reply: { companyId: SQL; number: SQL }): SQL {
    return anyInterest(this.interests, reply);
  }

  registerQuiet(check: QuietReplyCheck, screen?: QuietScreen): void {
    this.quietChecks.push(check);
    this.screens.push(screen);
  }

  /** The screen of each quiet check, in order of registration (undefined: the check must always be asked). */
  quietScreens(): readonly (QuietScreen | undefined)[] {
    return this.screens;
  }

  /** The origin of the quiet ticket the message goes into, from the first check that names one; null for an ordinary message. */
  async quietOrigin(reply: IncomingReply): Promise<string | null> {
    for (const check of this.quietChecks) {
      const origin = await check(reply);
      if (origin) return origin;
    }
    return null;
  }

  /** Asks the claimers one after the other, in the order they were registered; the first that claims the reply stops the others. */
  async claim(reply: CustomerReply): Promise<boolean> {
    for (const claimer of this.claimers) {
      if (await claimer(reply)) return true;
    }
    return false;
  }
}

/** The network's acknowledgement of outbound messages, after it was stored: the messages whose ack moved forward. */
export interface AckedMessages {
  companyId: number;
  messageIds: number[];
  ack: number;
}

/** A workflow that follows its messages' acks (a campaign report shows 'delivered' and 'read'). */
export type AckWatcher = (acked: AckedMessages) => Promise<void>;

/**
 * A condition (SQL) that holds whenever a watcher might act on the ack of message `messageId`, checked by
 * the statement that records the ack: an ack no watcher is interested in costs no query of theirs.
 */
export type AckInterest = (acked: { companyId: SQL; messageId: SQL }) => SQL;

/**
 * The workflows told when a message's ack moves forward (registered at start-up, like the reply claimers),
 * so that the engine never imports them. A watcher's failure is logged and does not undo the ack.
 */
export class AckWatchers {
  private readonly watchers: AckWatcher[] = [];
  private readonly interests: (AckInterest | undefined)[] = [];

  /** Without an interest, the watcher is told of every ack. */
  register(watcher: AckWatcher, interest?: AckInterest): void {
    this.watchers.push(watcher);
    this.interests.push(interest);
  }

  /** Whether some watcher might act on the ack of `messageId`: false with none, true if one has no interest given. */
  interestCondition(acked: { companyId: SQL; messageId: SQL }): SQL {
    return anyInterest(this.interests, acked);
  }

  async notify(acked: AckedMessages, log: { error(obj: object, msg: string): void }): Promise<void> {
    for (const watcher of this.watchers) {
      try {
        await watcher(acked);
      } catch (error) {
        log.error({ err: error, companyId: acked.companyId }, "an ack watcher failed");
      }
    }
  }
}
