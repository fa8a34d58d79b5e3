import { describe, expect, it } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { fetchConnections } from "./list-connections.ts";

describe("fetchConnections", () => {
  it("asks GET /whatsapp/?session=0 and reads id, name and status", async () => {
    const { calls } = mockFetch(() => jsonResponse([{ id: 1, name: "Vendas", status: "qrcode", isDefault: true }]));

    await expect(fetchConnections()).resolves.toEqual([{ id: 1, name: "Vendas", status: "qrcode" }]);
    expect(calls[0]?.url.pathname).toBe("/whatsapp/");
    expect(calls[0]?.url.searchParams.get("session")).toBe("0");
  });

  it("treats a 404 (no connections route on the server yet) as no connections", async () => {
    mockFetch(() => errorResponse(404, "ERR_NOT_FOUND", "Route not found"));

    await expect(fetchConnections()).resolves.toEqual([]);
  });

  it("lets other failures through", async () => {
    mockFetch(() => errorResponse(500, "ERR_INTERNAL", "boom"));

    await expect(fetchConnections()).rejects.toMatchObject({ status: 500 });
  });
});
