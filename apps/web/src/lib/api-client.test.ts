import { ZVersionResponse } from "@conversa/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../test/fetch-mock.ts";
import { sessionUser } from "../test/fixtures.ts";
import { ApiError, apiBlob, apiRequest, setUnauthorizedHandler } from "./api-client.ts";
import { i18n } from "./i18n.ts";

function storeSession(token: string) {
  localStorage.setItem("token", token);
  localStorage.setItem("companyId", "3");
  localStorage.setItem("userId", "7");
  localStorage.setItem("companyDueDate", "2099-12-31");
}

describe("apiRequest", () => {
  let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
  let restoreHandler: () => void;

  beforeEach(() => {
    onUnauthorized = vi.fn<() => void>();
    restoreHandler = setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => restoreHandler());

  it("sends the stored token as a bearer token, with cookies, and parses the answer", async () => {
    storeSession("access-1");
    const { calls } = mockFetch(() => jsonResponse({ version: "4.8.2" }));

    await expect(apiRequest("/version", ZVersionResponse)).resolves.toEqual({ version: "4.8.2" });

    expect(calls[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(calls[0]?.credentials).toBe("include");
  });

  it("sends the interface's language as Accept-Language", async () => {
    const { calls } = mockFetch(() => jsonResponse({ version: "4.8.2" }));

    await apiRequest("/version", ZVersionResponse);
    await i18n.changeLanguage("es");
    try {
      await apiRequest("/version", ZVersionResponse);
    } finally {
      await i18n.changeLanguage("pt-BR");
    }

    expect(calls.map((call) => call.headers.get("Accept-Language"))).toEqual(["pt-BR", "es"]);
  });

  it("on 403 refreshes the token once and retries the request once with the new token", async () => {
    storeSession("stale");
    const { calls } = mockFetch((call) => {
      if (call.path === "/auth/refresh_token") return jsonResponse({ token: "fresh", user: sessionUser() });
      if (call.headers.get("Authorization") === "Bearer fresh") return jsonResponse({ version: "4.8.2" });
      return errorResponse(403, "ERR_INVALID_TOKEN");
    });

    await expect(apiRequest("/version", ZVersionResponse)).resolves.toEqual({ version: "4.8.2" });

    expect(calls.map((call) => call.path)).toEqual(["/version", "/auth/refresh_token", "/version"]);
    expect(calls[1]?.method).toBe("POST");
    expect(localStorage.getItem("token")).toBe("fresh");
  });

  it("retries only once: a second 403 is answered as an error", async () => {
    storeSession("stale");
    const { calls } = mockFetch((call) =>
      call.path === "/auth/refresh_token"
        ? jsonResponse({ token: "fresh", user: sessionUser() })
        : errorResponse(403, "ERR_NO_PERMISSION", "No permission"),
    );

    const failure = apiRequest("/settings/", ZVersionResponse);

    await expect(failure).rejects.toMatchObject({ code: "ERR_NO_PERMISSION", status: 403 });
    expect(calls.map((call) => call.path)).toEqual(["/settings/", "/auth/refresh_token", "/settings/"]);
  });

  it("on 401 clears the stored session and hands over to the unauthorized handler", async () => {
    storeSession("expired");
    localStorage.setItem("preferredTheme", "dark");
    mockFetch(() => errorResponse(401, "ERR_SESSION_EXPIRED", "Session expired"));

    await expect(apiRequest("/auth/me", ZVersionResponse)).rejects.toBeInstanceOf(ApiError);

    for (const key of ["token", "companyId", "userId", "companyDueDate"]) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem("preferredTheme")).toBe("dark");
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("clears the session when the refresh after a 403 answers 401", async () => {
    storeSession("stale");
    mockFetch((call) =>
      call.path === "/auth/refresh_token"
        ? errorResponse(401, "ERR_SESSION_EXPIRED", "Session expired")
        : errorResponse(403, "ERR_INVALID_TOKEN"),
    );

    await expect(apiRequest("/auth/me", ZVersionResponse)).rejects.toMatchObject({ code: "ERR_SESSION_EXPIRED" });

    expect(localStorage.getItem("token")).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("clears the session when the refresh after a 403 answers that the subscription expired", async () => {
    storeSession("stale");
    mockFetch((call) =>
      call.path === "/auth/refresh_token"
        ? errorResponse(402, "ERR_SUBSCRIPTION_EXPIRED", "Expired", { dueDate: "2024-01-01" })
        : errorResponse(403, "ERR_INVALID_TOKEN"),
    );

    await expect(apiRequest("/auth/me", ZVersionResponse)).rejects.toMatchObject({ status: 402 });

    expect(localStorage.getItem("token")).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("leaves the session alone on a 401 of a call without session handling (wrong credentials)", async () => {
    storeSession("kept");
    mockFetch(() => errorResponse(401, "ERR_INVALID_CREDENTIALS", "Invalid credentials"));

    await expect(
      apiRequest("/auth/login", ZVersionResponse, { method: "POST", body: {}, sessionHandling: false }),
    ).rejects.toMatchObject({ code: "ERR_INVALID_CREDENTIALS", status: 401 });

    expect(localStorage.getItem("token")).toBe("kept");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("turns the error body into an ApiError with code, message, status and details", async () => {
    mockFetch(() => errorResponse(402, "ERR_SUBSCRIPTION_EXPIRED", "Expired", { dueDate: "2024-01-01" }));

    const error = await apiRequest("/auth/login", ZVersionResponse, { sessionHandling: false }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "ERR_SUBSCRIPTION_EXPIRED",
      message: "Expired",
      status: 402,
      details: { dueDate: "2024-01-01" },
    });
  });

  it("adds query parameters to the path", async () => {
    const { calls } = mockFetch(() => jsonResponse({ version: "1" }));

    await apiRequest("/whatsapp/", ZVersionResponse, { query: { session: 0, skipped: undefined } });

    expect(calls[0]?.url.search).toBe("?session=0");
  });

  it("sends a FormData body as multipart, leaving the boundary to the browser", async () => {
    storeSession("access-1");
    const { calls } = mockFetch(() => jsonResponse({ version: "1" }));
    const form = new FormData();
    form.append("file", new Blob(["x"]), "a.txt");

    await apiRequest("/upload", ZVersionResponse, { method: "POST", body: form });

    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.get("Content-Type")).toBeNull();
    expect(calls[0]?.headers.get("Authorization")).toBe("Bearer access-1");
  });

  it("answers binary content as a Blob with the same session rules", async () => {
    storeSession("stale");
    const { calls } = mockFetch((call) => {
      if (call.path === "/auth/refresh_token") return jsonResponse({ token: "fresh", user: sessionUser() });
      if (call.headers.get("Authorization") === "Bearer fresh") return new Response(new Uint8Array([1, 2, 3]));
      return errorResponse(403, "ERR_INVALID_TOKEN");
    });

    const blob = await apiBlob("/media/a.png");

    expect(blob.size).toBe(3);
    expect(calls.map((c) => c.path)).toEqual(["/media/a.png", "/auth/refresh_token", "/media/a.png"]);
    expect(calls[2]?.headers.get("Accept")).toBe("*/*");
  });
});
