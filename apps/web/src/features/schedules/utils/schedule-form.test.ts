import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { cutText } from "./schedule-events.ts";
import { buildScheduleFormSchema, defaultSendAt, fromLocalInput, isAllowedAttachment, toLocalInput } from "./schedule-form.ts";

const t: TFunction = i18n.getFixedT("pt-BR");
const now = new Date(2025, 2, 10, 12, 0);
const schema = buildScheduleFormSchema(t, () => now);

function issues(values: { body: string; contactId: number | null; sendAt: string }) {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the schedule form", () => {
  it("sends the shared body: trimmed text, the contact and sendAt as an ISO instant", () => {
    expect(schema.parse({ body: "  Bom dia!  ", contactId: 4, sendAt: "2025-03-10T13:30" })).toEqual({
      body: "Bom dia!",
      contactId: 4,
      sendAt: new Date(2025, 2, 10, 13, 30).toISOString(),
    });
  });

  it.each([
    [{ body: "oi   ", contactId: 4, sendAt: "2025-03-10T13:30" }, ["body: Mensagem muito curta"]],
    [{ body: "Bom dia!", contactId: null, sendAt: "2025-03-10T13:30" }, ["contactId: Obrigatório"]],
    [{ body: "Bom dia!", contactId: 4, sendAt: "" }, ["sendAt: Obrigatório"]],
    [{ body: "Bom dia!", contactId: 4, sendAt: "2025-03-09T13:30" }, ["sendAt: Escolha uma data futura"]],
  ])("refuses %j with the spec's texts", (values, expected) => {
    expect(issues(values)).toEqual(expected);
  });

  it("starts a new schedule one hour from now (spec core §4), in the input's local format", () => {
    expect(toLocalInput(defaultSendAt(now))).toBe("2025-03-10T13:00");
    expect(fromLocalInput("2025-03-10T13:00")).toEqual(new Date(2025, 2, 10, 13, 0));
    expect(fromLocalInput("not a date")).toBeNull();
  });

  it.each([
    ["foto.png", true],
    ["FOTO.JPG", true],
    ["foto.jpeg", true],
    ["foto.gif", false],
    ["documento.pdf", false],
    ["png", false],
  ])("accepts %s as an attachment: %s", (name, expected) => {
    expect(isAllowedAttachment(name)).toBe(expected);
  });

  it("cuts long bodies for the calendar's titles", () => {
    expect(cutText("Olá   Maria,\nsua consulta é amanhã às 10h. Confirme, por favor.", 20)).toBe("Olá Maria, sua cons…");
    expect(cutText("Curta")).toBe("Curta");
  });
});
