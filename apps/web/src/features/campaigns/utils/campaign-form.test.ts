import { describe, expect, it } from "vitest";
import { campaignFixture } from "../test-fixtures.ts";
import { campaignFormValues, textsOnlyBody, toCampaignBody } from "./campaign-form.ts";

const template = { name: "oferta", language: "pt_BR", parameters: ["{nome}", "{cupom}"] };

describe("campaign form bodies", () => {
  it("sends the template only while the chosen connection is the official line", () => {
    const values = { ...campaignFormValues(campaignFixture({ whatsappId: 4, template })), official: true };
    expect(toCampaignBody(values).template).toEqual(template);
    expect(toCampaignBody({ ...values, official: false }).template).toBeNull();
    expect(toCampaignBody({ ...values, whatsappId: "" }).template).toBeNull();
  });

  it("lets a cancelled campaign change its template's parameters with its texts, and nothing else", () => {
    const stored = campaignFixture({ status: "CANCELADA", whatsappId: 4, template, name: "Oferta" });
    const edited = { ...campaignFormValues(stored), name: "Outro nome", message1: "Novo texto", template: { ...template, parameters: ["{nome}", "NATAL20"] } };
    expect(textsOnlyBody(stored, edited)).toMatchObject({ name: "Oferta", whatsappId: 4, message1: "Novo texto", template: { ...template, parameters: ["{nome}", "NATAL20"] } });
    const plain = campaignFixture({ status: "CANCELADA" });
    expect(textsOnlyBody(plain, { ...campaignFormValues(plain), template }).template).toBeNull();
  });
});
