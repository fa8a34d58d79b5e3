import { type AuthResponse, ZApiErrorBody, ZAuthResponse } from "@conversa/shared";
import type { z } from "zod";
import { currentLanguage } from "./i18n.ts";
import { clearSession, readToken, saveSession } from "./storage.ts";

/** An error answered by the API (`{ error, message, details? }`) or a transport failure. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method?: HttpMethod;
  /** JSON-serialisable value, or a FormData sent as multipart (uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * Whether 403 (refresh once, retry once) and 401 (clear the session) apply. Off for the
   * calls that create a session, where 401 means wrong credentials.
   */
  sessionHandling?: boolean;
}

type Listener<T> = (value: T) => void;

let onUnauthorized: () => void = () => window.location.assign("/login");
const refreshListeners = new Set<Listener<AuthResponse>>();
let pendingRefresh: Promise<AuthResponse> | null = null;

/** Sets what happens after a 401 cleared the session (the auth provider goes to /login). */
export function setUnauthorizedHandler(handler: () => void): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = previous;
  };
}

/** Subscribes to every successful token refresh. */
export function onSessionRefreshed(listener: Listener<AuthResponse>): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ZApiErrorBody.safeParse(await readBody(response));
  if (parsed.success) {
    return new ApiError(parsed.data.error, parsed.data.message, response.status, parsed.data.details);
  }
  return new ApiError("", response.statusText, response.status);
}

function encodeBody(body: unknown): { body: BodyInit | undefined; contentType?: string } {
  if (body === undefined) return { body: undefined };
  // The browser sets the multipart boundary itself.
  if (body instanceof FormData) return { body };
  return { body: JSON.stringify(body), contentType: "application/json" };
}

function send(path: string, options: RequestOptions, accept = "application/json"): Promise<Response> {
  // The interface's language, so that what the server writes for the user (e-mails) is in it too.
  const headers = new Headers({ Accept: accept, "Accept-Language": currentLanguage() });
  const token = readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const encoded = encodeBody(options.body);
  if (encoded.contentType) headers.set("Content-Type", encoded.contentType);
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? "GET",
    headers,
    body: encoded.body,
    credentials: "include",
    signal: options.signal,
  });
}

function handleUnauthorized(): void {
  clearSession();
  onUnauthorized();
}

/**
 * Asks for a new access token with the refresh cookie and stores it. Concurrent callers share
 * one request. Rejects with an ApiError (ERR_SESSION_EXPIRED when the cookie is no longer valid).
 */
export function refreshSession(): Promise<AuthResponse> {
  pendingRefresh ??= (async () => {
    const response = await fetch("/auth/refresh_token", {
      method: "POST",
      headers: { Accept: "application/json" },
      credentials: "include",
    });
    if (!response.ok) throw await toApiError(response);
    const auth = ZAuthResponse.parse(await readBody(response));
    saveSession(auth);
    for (const listener of refreshListeners) listener(auth);
    return auth;
  })().finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

async function execute(path: string, options: RequestOptions, accept?: string): Promise<Response> {
  const sessionHandling = options.sessionHandling ?? true;
  let response = await send(path, options, accept);
  if (sessionHandling && response.status === 403) {
    try {
      await refreshSession();
    } catch (error) {
      // 401: the refresh cookie is no longer valid; 402: the subscription expired meanwhile.
      if (error instanceof ApiError && (error.status === 401 || error.status === 402)) handleUnauthorized();
      throw error;
    }
    response = await send(path, options, accept);
  }
  if (sessionHandling && response.status === 401) handleUnauthorized();
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls the API and parses the answer with `schema`. Rejects with ApiError on failure. */
export async function apiRequest<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const response = await execute(path, options);
  return schema.parse(await readBody(response));
}

/** Calls the API when the answer carries nothing the app uses (204, acknowledgements). */
export async function apiSend(path: string, options: RequestOptions): Promise<void> {
  await execute(path, options);
}

/** GETs binary content (authenticated media, exports) as a Blob. Rejects with ApiError. */
export async function apiBlob(path: string, options: Omit<RequestOptions, "body" | "method"> = {}): Promise<Blob> {
  const response = await execute(path, options, "*/*");
  return response.blob();
}

/** What a download has received so far; `total` is undefined when the server sends no Content-Length. */
export interface DownloadProgress {
  received: number;
  total: number | undefined;
}

/**
 * GETs binary content as a Blob, reading the answer as it arrives and calling `onProgress` after each chunk
 * (long exports). Rejects with ApiError.
 */
export async function apiDownload(path: string, onProgress: (progress: DownloadProgress) => void, options: Omit<RequestOptions, "body" | "method"> = {}): Promise<Blob> {
  const response = await execute(path, options, "*/*");
  const length = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const type = response.headers.get("Content-Type") ?? "";
  onProgress({ received: 0, total });
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks as BlobPart[], { type });
}
