import type { ReadableStream } from "node:stream/web";
import { type FormData, fetch } from "undici";
import type { Config } from "../config.ts";
import { type Egress, EgressPolicy, EgressRefused, type LookupAddresses, NO_EXCEPTIONS, type TenantEgress, installationEgress, systemLookup, tenantEgress } from "../lib/egress.ts";
import { SecretBox } from "../lib/secret-box.ts";
import { Slots } from "../lib/slots.ts";

/** What the bots need from the installation: the key of their secrets, the services' addresses and the time limit. */
export interface BotRuntime {
  box: SecretBox;
  /** The chat-completions server of prompts without one of their own (…/v1, no trailing slash). */
  openAiBaseUrl: string;
  /** How long one call to a model, speech service or integration may take. */
  timeoutMs: number;
  /** The speech service; undefined uses Azure's endpoint of the prompt's region. */
  speechBaseUrl: string | undefined;
  dialogflowApiUrl: string;
  dialogflowTokenUrl: string;
  egress: BotEgress;
}

/** The two sides of the outbound policy (see lib/egress.ts), sharing one limit of concurrent calls per process. */
export interface BotEgress {
  /** The provider's own URLs (OPENAI_BASE_URL, the Dialogflow endpoints, SPEECH_BASE_URL): unrestricted. */
  installation: Egress;
  /** A company's own URLs: EGRESS_ALLOW's exceptions apply only to companies the provider created, never to signed-up ones. */
  tenant(company: { signedUp: boolean }): TenantEgress;
  /** The limit of concurrent outbound bot calls of this process. */
  slots: Slots;
}

/** The egress of an installation: `lookup` resolves names (tests inject one). */
export function botEgressOf(config: Pick<Config, "egressAllow" | "botConcurrency">, lookup: LookupAddresses = systemLookup): BotEgress {
  const slots = new Slots(config.botConcurrency);
  const provided = tenantEgress(new EgressPolicy(config.egressAllow, lookup), slots);
  const signedUp = tenantEgress(new EgressPolicy(NO_EXCEPTIONS, lookup), slots);
  return {
    installation: installationEgress(slots),
    tenant: (company) => company.signedUp ? signedUp : provided,
    slots,
  };
}

export function botRuntimeOf(config: Config, lookup?: LookupAddresses): BotRuntime {
  return {
    egress: botEgressOf(config, lookup),
    box: new SecretBox(config.dataEncryptionKey),
    openAiBaseUrl: config.openAiBaseUrl,
    timeoutMs: config.botTimeoutMs,
    speechBaseUrl: config.speechBaseUrl,
    dialogflowApiUrl: config.dialogflowApiUrl,
    dialogflowTokenUrl: config.dialogflowTokenUrl,
  };
}

/** How a bot call failed, as the integration test tells it: no answer, refused by the outbound policy, or out of time. */
export type BotOutcome = "no-answer" | "refused" | "timeout";

/**
 * Why a bot could not answer; the message goes to the distribution log, never to the customer. It never
 * carries connection-level detail (addresses, ports, DNS or TLS errors): the log is read by the company.
 */
export class BotFailure extends Error {
  constructor(
    message: string,
    readonly outcome: BotOutcome = "no-answer",
  ) {
    super(message);
  }
}

/** The largest answer a bot call reads (a model's, an integration's). */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export interface BotRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | FormData | Buffer;
  timeoutMs: number;
  /** The answer's size limit; MAX_ANSWER_BYTES unless given. */
  maxBytes?: number;
}

/** Reads a body up to `limit` bytes; past it, cancels the stream (which ends the connection) and throws. */
async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BotFailure("answer too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const isAbort = (error: unknown) => error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/** The refusal of the outbound policy, wherever undici wrapped it. */
function refusalIn(error: unknown): EgressRefused | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof EgressRefused) return current;
  }
  return undefined;
}

/**
 * One bounded HTTP call through `egress` (a company's URL under its outbound policy, or one the provider
 * configured): answers the response and its bytes, or throws BotFailure (refused, did not answer, timeout,
 * error status, too large). The wait for one of the process's outbound slots counts in the timeout;
 * redirects are refused; the answer is read as a stream and abandoned at its limit.
 */
export async function botFetch(egress: Egress, url: string, request: BotRequest): Promise<{ status: number; contentType: string; bytes: Buffer }> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let release: () => void;
  try {
    release = await egress.slots.acquire(signal);
  } catch {
    throw new BotFailure(`no answer within ${request.timeoutMs} ms`, "timeout");
  }
  try {
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(url, {
        method: request.method ?? "POST",
        headers: request.headers,
        body: request.body,
        signal,
        redirect: "error",
        dispatcher: egress.dispatcher,
      });
    } catch (error) {
      if (refusalIn(error)) throw new BotFailure("refused by the outbound policy", "refused");
      if (isAbort(error) || signal.aborted) throw new BotFailure(`no answer within ${request.timeoutMs} ms`, "timeout");
      throw new BotFailure("did not answer");
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      throw new BotFailure(`answered HTTP ${response.status}`);
    }
    const limit = request.maxBytes ?? MAX_ANSWER_BYTES;
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new BotFailure("answer too large");
    }
    let bytes: Buffer;
    try {
      bytes = await readBounded(response.body, limit);
    } catch (error) {
      if (error instanceof BotFailure) throw error;
      if (isAbort(error) || signal.aborted) throw new BotFailure(`no answer within ${request.timeoutMs} ms`, "timeout");
      throw new BotFailure("answer not read");
    }
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", bytes };
  } finally {
    release();
  }
}

/** A JSON answer, or BotFailure when it is not JSON. */
export async function botFetchJson(egress: Egress, url: string, request: BotRequest): Promise<unknown> {
  const { bytes } = await botFetch(egress, url, { ...request, headers: { accept: "application/json", ...request.headers } });
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new BotFailure("answer is not JSON");
  }
}
