import type { BotRuntime } from "../bots/runtime.ts";
import type { ChannelManager } from "../channels/channel-manager.ts";
import type { Db } from "../db/client.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { MediaStore } from "../media/media-store.ts";
import type { AckWatchers, CustomerReplyClaimers } from "./reply-hooks.ts";

export interface EngineLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What the conversation engine works with. */
export interface EngineDeps {
  db: Db;
  events: DomainEvents;
  jobs: JobQueue;
  channels: ChannelManager;
  media: MediaStore;
  log: EngineLog;
  /** The AI prompts' and integrations' secrets key, services and time limit. */
  bots: BotRuntime;
  /** The workflows that may claim a customer's reply before the bot answers it (registered at start-up). */
  replyClaimers: CustomerReplyClaimers;
  /** The workflows told when their messages' acks move forward (registered at start-up). */
  ackWatchers: AckWatchers;
  now?: () => Date;
}

export function nowOf(deps: Pick<EngineDeps, "now">): Date {
  return deps.now?.() ?? new Date();
}
