import { describe, expect, it } from "vitest";
import { connectionFixture } from "../test-fixtures.ts";
import { mergeConnectionDetail, removeConnection, upsertConnection } from "./connection-cache.ts";

describe("connection cache updates", () => {
  const loja = connectionFixture({ id: 1, name: "Loja" });
  const vendas = connectionFixture({ id: 2, name: "Vendas" });

  it("replaces a known connection in place", () => {
    const connected = { ...vendas, status: "CONNECTED" as const };
    expect(upsertConnection([loja, vendas], connected)).toEqual([loja, connected]);
  });

  it("adds a new connection in name order", () => {
    const central = connectionFixture({ id: 3, name: "Central" });
    expect(upsertConnection([loja, vendas], central).map((c) => c.name)).toEqual(["Central", "Loja", "Vendas"]);
  });

  it("removes a deleted connection", () => {
    expect(removeConnection([loja, vendas], 1)).toEqual([vendas]);
  });

  it("keeps the detail's token, which live events never carry", () => {
    const detail = { ...loja, token: "tok" };
    expect(mergeConnectionDetail(detail, { ...loja, status: "qrcode", qrcode: "QR" })).toEqual({ ...loja, status: "qrcode", qrcode: "QR", token: "tok" });
  });
});
