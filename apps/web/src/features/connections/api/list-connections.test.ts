import { describe, expect, it } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { connectionFixture } from "../test-fixtures.ts";
import { fetchConnections } from "./list-connections.ts";

describe("fetchConnections", () => {
  it("asks GET /whatsapp/?session=0 and reads the shared connection shape", async () => {
    const connection = connectionFixture({ id: 1, name: "Vendas", status: "qrcode", isDefault: true });
    const { calls } = mockFetch(() => jsonResponse([connection]));

    await expect(fetchConnections()).resolves.toEqual([connection]);
    expect(calls[0]?.url.pathname).toBe("/whatsapp/");
    expect(calls[0]?.url.searchParams.get("session")).toBe("0");
  });

  it("refuses an answer that is not a list of connections", async () => {
    mockFetch(() => jsonResponse([{ id: 1, name: "Vendas", status: "WHATEVER" }]));

    await expect(fetchConnections()).rejects.toThrow();
  });

  it("lets failures through", async () => {
    mockFetch(() => errorResponse(500, "ERR_INTERNAL", "boom"));

    await expect(fetchConnections()).rejects.toMatchObject({ status: 500 });
  });
});
