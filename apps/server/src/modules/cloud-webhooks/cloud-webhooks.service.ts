import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ZCloudNotification } from "@conversa/shared";
import { findCloudConnectionByWebhookKey } from "../../channels/cloud/cloud-connections.ts";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { CLOUD_WEBHOOK_JOB, cloudWebhookQueueKeyOf } from "./cloud-webhooks.jobs.ts";

export interface CloudWebhookDeps {
  db: Db;
  box: SecretBox;
  jobs: JobQueue;
}

/** Two texts compared in a time that does not depend on where they differ (nor on their lengths). */
function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

/** Whether `header` is `sha256=` and the HMAC-SHA256 of the exact bytes with the app secret, compared in constant time. */
export function isValidSignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

/**
 * Meta's subscription handshake: answers `hub.challenge` when the mode is `subscribe` and the verify token
 * is the connection's. Throws ERR_CLOUD_WEBHOOK_FORBIDDEN otherwise, for an unknown key too (the answer
 * does not tell whether a key exists).
 */
export async function answerHandshake(deps: CloudWebhookDeps, webhookKey: string, query: { "hub.mode"?: string; "hub.verify_token"?: string; "hub.challenge"?: string }): Promise<string> {
  const connection = await findCloudConnectionByWebhookKey(deps.db, deps.box, webhookKey);
  const token = query["hub.verify_token"] ?? "";
  const verified = connection !== undefined && sameText(token, connection.verifyToken);
  if (!verified || query["hub.mode"] !== "subscribe" || query["hub.challenge"] === undefined) throw new AppError("ERR_CLOUD_WEBHOOK_FORBIDDEN");
  return query["hub.challenge"];
}

/**
 * A notification Meta posts: accepted only with the connection's signature of the exact bytes (else
 * ERR_CLOUD_WEBHOOK_UNAUTHENTICATED, for an unknown key too; nothing stored), then parsed (a signed but
 * malformed body: ERR_VALIDATION, nothing queued) and handed to the durable queue before the answer, so
 * that nothing Meta was told was received can be lost. A database failure throws (a 5xx: Meta retries).
 */
export async function receiveNotification(deps: CloudWebhookDeps, webhookKey: string, raw: Buffer, signature: string | undefined): Promise<{ received: true }> {
  const connection = await findCloudConnectionByWebhookKey(deps.db, deps.box, webhookKey);
  if (!connection?.appSecret || !isValidSignature(raw, signature, connection.appSecret)) throw new AppError("ERR_CLOUD_WEBHOOK_UNAUTHENTICATED");
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/", message: "The body is not JSON" }], "The body is not JSON");
  }
  const parsed = ZCloudNotification.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 20).map((issue) => ({ in: "body", path: `/${issue.path.map(String).join("/")}`, message: issue.message }));
    throw new AppError("ERR_VALIDATION", issues, "The notification is not of Meta's shape");
  }
  const queued = await deps.jobs.send(
    CLOUD_WEBHOOK_JOB,
    { companyId: connection.companyId, connectionId: connection.connectionId, notification: parsed.data },
    { singletonKey: cloudWebhookQueueKeyOf(connection.connectionId) },
  );
  // An ordered queue keeps every job of a key; a job not queued must never be acknowledged.
  if (queued === null) throw new Error("the webhook notification was not queued");
  return { received: true };
}
