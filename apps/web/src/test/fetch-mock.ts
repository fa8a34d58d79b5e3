import { vi } from "vitest";

export interface FetchCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

/** A JSON answer. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The API's error answer. */
export function errorResponse(status: number, error: string, message = error, details?: unknown): Response {
  return jsonResponse({ error, message, ...(details === undefined ? {} : { details }) }, status);
}

/** Replaces global fetch; every call is recorded and answered by `handler` (404 when it returns nothing). */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response> | undefined) {
  const calls: FetchCall[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const call: FetchCall = {
      method: init?.method ?? "GET",
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined,
      credentials: init?.credentials,
    };
    calls.push(call);
    return (await handler(call)) ?? errorResponse(404, "ERR_NOT_FOUND", "Not found");
  });
  vi.stubGlobal("fetch", spy);
  return { calls, spy };
}
