import { ZCloudChangeValue, ZCloudNotification } from "@conversa/shared";
import { z } from "zod";
import { type CloudMediaFetcher, cloudMediaFetcher, inboundMessagesOf, statusUpdatesOf } from "../../channels/cloud/cloud-inbound.ts";
import { loadCloudCredentials } from "../../channels/cloud/cloud-connections.ts";
import { GraphClient } from "../../channels/cloud/graph-client.ts";
import type { ChannelEventSink } from "../../channels/types.ts";
import type { Db } from "../../db/client.ts";
import { type JobQueue, defineJob } from "../../jobs/queue.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { MAX_UPLOAD_BYTES } from "../../media/media-store.ts";

const ZId = z.number().int().positive();

/**
 * One notification Meta posted to a connection's webhook, accepted (signed with the connection's app
 * secret) and answered 200: stored and handled here. The notifications of one connection run one at a
 * time in the order they arrived (`cloudWebhookQueueKeyOf`), so a customer's messages reach the engine in
 * order whichever process takes them. Handling is idempotent (messages deduplicated by their network id,
 * acks only move forward), so a retry after a failure stores nothing twice. A failed try holds back the
 * connection's later notifications while it is retried (for about three hours); its last try logs and
 * lets it go rather than fail, because a failed job would hold the connection's queue back for good.
 */
export const CLOUD_WEBHOOK_JOB = defineJob({
  name: "cloud.webhook",
  schema: z.object({ companyId: ZId, connectionId: ZId, notification: ZCloudNotification }),
  ordering: "ordered",
  retryLimit: 200,
  retryDelay: 1,
  backoff: true,
  retryDelayMax: 60,
});

/** The ordered queue of a connection's notifications. */
export function cloudWebhookQueueKeyOf(connectionId: number): string {
  return `cloud-webhook:${connectionId}`;
}

export interface CloudWebhookJobDeps {
  db: Db;
  box: SecretBox;
  /** The Graph API's base URL (`WHATSAPP_CLOUD_API_URL`). */
  graphUrl: string;
  /** Where the events go: the channel manager's sink of events whose connection was verified at the source. */
  sink: ChannelEventSink;
  /** Completes the bookkeeping of a send a crash interrupted, from a status naming it by its idempotency key. */
  reconcileSend(event: { connectionId: number; companyId: number; idempotencyKey: string; wid: string }): Promise<boolean>;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * Handles one accepted notification: every `messages` change of the connection's own phone number
 * becomes the engine's inbound messages, acks and failed sends. A notification whose connection was
 * deleted (or is no longer an official line) since it was accepted is dropped. Throws on a database
 * failure, so the queue retries it.
 */
export async function runCloudWebhookJob(deps: CloudWebhookJobDeps, payload: z.output<typeof CLOUD_WEBHOOK_JOB.schema>): Promise<void> {
  const { companyId, connectionId } = payload;
  const credentials = await loadCloudCredentials(deps.db, deps.box, companyId, connectionId);
  if (!credentials) {
    deps.log.warn({ connectionId }, "webhook notification of a connection that is gone dropped");
    return;
  }
  const { accessToken } = credentials;
  const fetchMedia: CloudMediaFetcher = accessToken
    ? cloudMediaFetcher(new GraphClient({ baseUrl: deps.graphUrl, accessToken, timeoutMs: 60_000 }), MAX_UPLOAD_BYTES)
    : async () => {
        throw new Error("the connection has no access token to download the media with");
      };
  const target = { companyId, connectionId };
  for (const entry of payload.notification.entry) {
    for (const change of entry.changes) {
      if (change.field !== "messages") continue;
      const value = ZCloudChangeValue.parse(change.value);
      // One Meta app may serve several numbers with one callback URL: each connection takes its own number's only.
      const phoneNumberId = value.metadata?.phone_number_id;
      if (phoneNumberId && phoneNumberId !== credentials.phoneNumberId) {
        deps.log.info({ connectionId }, "webhook change of another phone number of the app left to its connection");
        continue;
      }
      for (const message of inboundMessagesOf(value, target, fetchMedia)) await deps.sink({ type: "message", message });
      for (const update of statusUpdatesOf(value)) {
        if (update.idempotencyKey) await deps.reconcileSend({ ...target, idempotencyKey: update.idempotencyKey, wid: update.wid });
        if (update.type === "ack") await deps.sink({ type: "ack", ...target, wid: update.wid, ack: update.ack });
        else await deps.sink({ type: "send_failed", ...target, wid: update.wid, reason: update.reason });
      }
    }
  }
}

/** Registers the webhook job's worker; call after the job queue started. */
export async function startCloudWebhookWorkers(deps: CloudWebhookJobDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.work(
    CLOUD_WEBHOOK_JOB,
    async (payload, job) => {
      try {
        await runCloudWebhookJob(deps, payload);
      } catch (error) {
        if (job.retryCount < (CLOUD_WEBHOOK_JOB.retryLimit ?? 0)) throw error;
        deps.log.error({ err: error, job: job.id, connectionId: payload.connectionId }, "webhook notification given up after its last try");
      }
    },
    { concurrency: 4, pollingIntervalSeconds: 0.5 },
  );
}
