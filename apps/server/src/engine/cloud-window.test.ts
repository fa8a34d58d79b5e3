import { describe, expect, it } from "vitest";
import { AppError } from "../lib/app-error.ts";
import { assertMaySend, checkedTemplateBody, ticketWindow } from "./cloud-window.ts";

const last = new Date("2026-11-28T10:00:00.000Z");
const hours = (n: number): Date => new Date(last.getTime() + n * 3600_000);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
  return undefined;
}

describe("the 24-hour window of a ticket", () => {
  it("exists only on the official line", () => {
    expect(ticketWindow({ provider: "beta", lastCustomerMessageAt: last }, hours(30))).toBeNull();
    expect(ticketWindow({ provider: "cloud", lastCustomerMessageAt: last }, hours(3))).toEqual({ provider: "cloud", closesAt: "2026-11-29T10:00:00.000Z", open: true });
  });

  it("refuses free-form outside the window and lets templates and other providers through", () => {
    const cloud = { provider: "cloud", lastCustomerMessageAt: last };
    expect(codeOf(() => assertMaySend(cloud, hours(23), undefined))).toBeUndefined();
    expect(codeOf(() => assertMaySend(cloud, hours(24), undefined))).toBe("ERR_CLOUD_WINDOW_CLOSED");
    expect(codeOf(() => assertMaySend({ provider: "cloud", lastCustomerMessageAt: null }, hours(0), undefined))).toBe("ERR_CLOUD_WINDOW_CLOSED");
    expect(codeOf(() => assertMaySend(cloud, hours(48), { name: "pedido", language: "pt_BR", parameters: [] }))).toBeUndefined();
    expect(codeOf(() => assertMaySend({ provider: "beta", lastCustomerMessageAt: last }, hours(48), undefined))).toBeUndefined();
  });
});

describe("a template send", () => {
  const send = { name: "pedido", language: "pt_BR", parameters: ["Ana", "123"] };
  const approved = { status: "APPROVED", body: "Olá {{1}}, seu pedido {{2}} chegou.", parameterCount: 2 };

  it("renders the approved template with its parameters", () => {
    expect(checkedTemplateBody(approved, send)).toBe("Olá Ana, seu pedido 123 chegou.");
  });

  it("refuses a missing or unapproved template and a wrong parameter count", () => {
    expect(codeOf(() => checkedTemplateBody(undefined, send))).toBe("ERR_CLOUD_TEMPLATE_NOT_FOUND");
    expect(codeOf(() => checkedTemplateBody({ ...approved, status: "PENDING" }, send))).toBe("ERR_CLOUD_TEMPLATE_NOT_APPROVED");
    expect(codeOf(() => checkedTemplateBody(approved, { ...send, parameters: ["Ana"] }))).toBe("ERR_CLOUD_TEMPLATE_PARAMETERS");
  });
});
