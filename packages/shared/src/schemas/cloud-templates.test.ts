import { describe, expect, it } from "vitest";
import { CLOUD_WINDOW_MS, cloudWindowAt, renderTemplate, templateParameterCount, ZCloudTemplateSend } from "./cloud-templates.ts";

describe("cloudWindowAt", () => {
  const last = new Date("2026-11-28T10:00:00.000Z");

  it("is closed with no close time when the customer never wrote", () => {
    expect(cloudWindowAt(null, last)).toEqual({ provider: "cloud", closesAt: null, open: false });
  });

  it("is open until 24 h after the last inbound message and closed from then on", () => {
    const closesAt = "2026-11-29T10:00:00.000Z";
    expect(cloudWindowAt(last, new Date(last.getTime() + 3 * 3600_000))).toEqual({ provider: "cloud", closesAt, open: true });
    expect(cloudWindowAt(last, new Date(last.getTime() + CLOUD_WINDOW_MS - 1)).open).toBe(true);
    expect(cloudWindowAt(last, new Date(last.getTime() + CLOUD_WINDOW_MS))).toEqual({ provider: "cloud", closesAt, open: false });
  });
});

describe("templates", () => {
  it("counts the parameters by the highest {{n}}", () => {
    expect(templateParameterCount("Olá")).toBe(0);
    expect(templateParameterCount("Olá {{1}}, seu pedido {{2}} chegou. {{1}}")).toBe(2);
    expect(templateParameterCount("{{ 3 }} only")).toBe(3);
  });

  it("fills each {{n}} with the n-th parameter and keeps a missing one visible", () => {
    expect(renderTemplate("Olá {{1}}, pedido {{2}}. Até, {{1}}!", ["Ana", "123"])).toBe("Olá Ana, pedido 123. Até, Ana!");
    expect(renderTemplate("Olá {{1}} {{2}}", ["Ana"])).toBe("Olá Ana {{2}}");
    expect(renderTemplate("Preço $& {{1}}", ["$1"])).toBe("Preço $& $1");
  });

  it("validates a template send", () => {
    expect(ZCloudTemplateSend.parse({ name: "pedido", language: "pt_BR" })).toEqual({ name: "pedido", language: "pt_BR", parameters: [] });
    expect(ZCloudTemplateSend.safeParse({ name: "", language: "pt_BR" }).success).toBe(false);
    expect(ZCloudTemplateSend.safeParse({ name: "x", language: "pt_BR", parameters: [1] }).success).toBe(false);
  });
});
