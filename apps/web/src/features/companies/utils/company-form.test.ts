import { describe, expect, it } from "vitest";
import { companyFormValues, dueDateOf, toCompanyBody } from "./company-form.ts";

const company = {
  id: 4,
  name: "Padaria Central",
  email: "dona@padaria.example",
  phone: null,
  planId: 2,
  plan: { id: 2, name: "Ouro" },
  status: true,
  campaignsEnabled: false,
  dueDate: new Date(2025, 0, 31, 18, 30).toISOString(),
  recurrence: "MENSAL",
  createdAt: "2024-01-01T00:00:00.000Z",
  trialExpiration: null,
};

describe("the Empresas form's values", () => {
  it("shows a stored due date in the browser's time and sends it back as the same instant", () => {
    const values = companyFormValues(company);
    expect(values.dueDate).toBe("2025-01-31T18:30");
    expect(toCompanyBody(values)).toEqual({
      name: "Padaria Central",
      email: "dona@padaria.example",
      phone: null,
      planId: 2,
      status: true,
      campaignsEnabled: false,
      dueDate: company.dueDate,
      recurrence: "MENSAL",
    });
  });

  it("asks for a renewal only from the renew button", () => {
    expect(toCompanyBody(companyFormValues(company), true)).toMatchObject({ renew: true });
    expect(toCompanyBody(companyFormValues(company))).not.toHaveProperty("renew");
  });

  it.each([
    ["an empty field", ""],
    ["blanks", "  "],
    ["an impossible date", "2025-02-30T10:00"],
    ["words", "amanhã"],
  ])("sends no due date for %s (spec admin §5)", (_label, value) => {
    expect(dueDateOf(value)).toBeNull();
  });

  it("starts a new company active, with campaigns, monthly and without a due date", () => {
    expect(companyFormValues()).toMatchObject({ status: true, campaignsEnabled: true, recurrence: "MENSAL", dueDate: "", planId: "" });
  });
});
