import { ZApiErrorBody } from "@conversa/shared";
import type { z } from "zod";
import { ApiError, apiSend, refreshSession } from "../../../lib/api-client.ts";
import { readToken } from "../../../lib/storage.ts";

/*
 * The shared API client speaks JSON only. Uploads (multipart) and media downloads (binary) go
 * through these two functions, which follow the client's session rules: the bearer token from
 * storage, one refresh and one retry on 403, the same ApiError on failure, and on 401 the client
 * itself is asked to re-check the session so that its single unauthorised handler runs.
 */

async function send(path: string, init: { method: string; body?: FormData; accept: string; signal?: AbortSignal }): Promise<Response> {
  const headers = new Headers({ Accept: init.accept });
  const token = readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return fetch(path, { method: init.method, headers, body: init.body, credentials: "include", signal: init.signal });
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = ZApiErrorBody.safeParse(body);
  return parsed.success
    ? new ApiError(parsed.data.error, parsed.data.message, response.status, parsed.data.details)
    : new ApiError("", response.statusText, response.status);
}

async function execute(path: string, init: Parameters<typeof send>[1]): Promise<Response> {
  let response = await send(path, init);
  if (response.status === 403) {
    await refreshSession();
    response = await send(path, init);
  }
  if (response.status === 401) void apiSend("/auth/me", { method: "GET" }).catch(() => undefined);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** POSTs a multipart form and parses the JSON answer with `schema`. Rejects with ApiError. */
export async function postForm<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  const response = await execute(path, { method: "POST", body: form, accept: "application/json" });
  return schema.parse(await response.json());
}

/** GETs binary content (authenticated media) as a Blob. Rejects with ApiError. */
export async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await execute(path, { method: "GET", accept: "*/*", signal });
  return response.blob();
}
