import type { Config } from "../config.ts";
import { SecretBox } from "../lib/secret-box.ts";

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
}

export function botRuntimeOf(config: Config): BotRuntime {
  return {
    box: new SecretBox(config.dataEncryptionKey),
    openAiBaseUrl: config.openAiBaseUrl,
    timeoutMs: config.botTimeoutMs,
    speechBaseUrl: config.speechBaseUrl,
    dialogflowApiUrl: config.dialogflowApiUrl,
    dialogflowTokenUrl: config.dialogflowTokenUrl,
  };
}

/** Why a bot could not answer; the message goes to the distribution log, never to the customer. */
export class BotFailure extends Error {}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export interface BotRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | FormData | Buffer;
  timeoutMs: number;
}

/** One bounded HTTP call: answers the response and its bytes, or throws BotFailure (unreachable, timeout, error status, too large). */
export async function botFetch(url: string, request: BotRequest): Promise<{ status: number; contentType: string; bytes: Buffer }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? "POST",
      headers: request.headers,
      body: request.body as RequestInit["body"],
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") throw new BotFailure(`no answer within ${request.timeoutMs} ms`);
    throw new BotFailure(`unreachable: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "error"}`);
  }
  let bytes: Buffer;
  try {
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > MAX_ANSWER_BYTES) throw new BotFailure("answer too large");
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof BotFailure) throw error;
    throw new BotFailure(`answer not read: ${error instanceof Error ? error.message : "error"}`);
  }
  if (bytes.length > MAX_ANSWER_BYTES) throw new BotFailure("answer too large");
  if (response.status < 200 || response.status >= 300) throw new BotFailure(`answered HTTP ${response.status}`);
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", bytes };
}

/** A JSON answer, or BotFailure when it is not JSON. */
export async function botFetchJson(url: string, request: BotRequest): Promise<unknown> {
  const { bytes } = await botFetch(url, { ...request, headers: { accept: "application/json", ...request.headers } });
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new BotFailure("answer is not JSON");
  }
}
