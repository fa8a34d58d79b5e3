import { describe, expect, it } from "vitest";
import { EMPTY_CHECKOUT, checkoutErrors } from "./checkout-form.ts";
import { invoiceDisplayStatus } from "./invoice-status.ts";

describe("invoiceDisplayStatus", () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it.each([
    ["paid, even when its date has passed", { status: "paid", dueDate: new Date(2026, 0, 1).toISOString() }, "paid"],
    ["unpaid and due before today", { status: "open", dueDate: new Date(2026, 10, 23, 23, 59).toISOString() }, "overdue"],
    ["unpaid and due today", { status: "open", dueDate: new Date(2026, 10, 24, 8, 0).toISOString() }, "open"],
    ["unpaid and due later", { status: "open", dueDate: new Date(2026, 11, 24).toISOString() }, "open"],
    ["cancelled", { status: "cancelled", dueDate: new Date(2026, 0, 1).toISOString() }, "cancelled"],
  ] as const)("reads %s as %s", (_label, invoice, expected) => {
    expect(invoiceDisplayStatus(invoice, now)).toBe(expected);
  });
});

describe("checkoutErrors", () => {
  it("names every required field of step 1 with the spec's message keys", () => {
    expect(checkoutErrors({ ...EMPTY_CHECKOUT, country: "" })).toEqual({
      firstName: "billing.checkout.required.firstName",
      address2: "billing.checkout.required.address",
      city: "billing.checkout.required.city",
      zipcode: "billing.checkout.required.zipcode",
      country: "billing.checkout.required.country",
    });
  });

  it("accepts the data with the optional fields empty, and blanks count as empty", () => {
    const filled = { ...EMPTY_CHECKOUT, firstName: "Rosa", address2: "Rua 1", city: "Holambra", zipcode: "13825-000" };
    expect(checkoutErrors(filled)).toEqual({});
    expect(checkoutErrors({ ...filled, city: "   " })).toEqual({ city: "billing.checkout.required.city" });
  });
});
