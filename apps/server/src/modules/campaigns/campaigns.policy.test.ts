import { describe, expect, it } from "vitest";
import { fillCampaignMessage } from "@conversa/shared";
import { editabilityOf, isComplete, isOptOutWord, mightBeOptOutWord, pickSlot, slotTexts, transitionOf } from "./campaigns.policy.ts";
import { NO_PACING, localDayOf, pauseAfter, windowOpensAt } from "./pacing.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const texts = (filled: Partial<Record<string, string>>) => ({
  message1: "",
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  confirmationMessage1: "",
  confirmationMessage2: "",
  confirmationMessage3: "",
  confirmationMessage4: "",
  confirmationMessage5: "",
  ...filled,
});

describe("editabilityOf (spec admin §4)", () => {
  it.each([
    ["INATIVA", null, "all"],
    ["INATIVA", inMinutes(5), "all"],
    ["PROGRAMADA", inMinutes(61), "all"],
    ["PROGRAMADA", inMinutes(60), "none"],
    ["PROGRAMADA", inMinutes(10), "none"],
    ["PROGRAMADA", inMinutes(-10), "none"],
    ["EM_ANDAMENTO", inMinutes(120), "none"],
    ["FINALIZADA", null, "none"],
    ["CANCELADA", inMinutes(-10), "texts"],
  ] as const)("%s scheduled at %s is %s", (status, scheduledAt, expected) => {
    expect(editabilityOf({ status, scheduledAt }, NOW)).toBe(expected);
  });
});

describe("transitionOf (the status machine)", () => {
  it.each([
    ["EM_ANDAMENTO", false, "cancel", "CANCELADA"],
    ["CANCELADA", false, "restart", "EM_ANDAMENTO"],
    ["EM_ANDAMENTO", false, "pause", "EM_ANDAMENTO"],
    ["EM_ANDAMENTO", true, "resume", "EM_ANDAMENTO"],
    ["EM_ANDAMENTO", true, "pause", undefined],
    ["EM_ANDAMENTO", false, "resume", undefined],
    ["EM_ANDAMENTO", false, "restart", undefined],
    ["INATIVA", false, "cancel", undefined],
    ["PROGRAMADA", false, "cancel", undefined],
    ["FINALIZADA", false, "cancel", undefined],
    ["FINALIZADA", false, "restart", undefined],
    ["CANCELADA", false, "cancel", undefined],
    ["CANCELADA", false, "pause", undefined],
  ] as const)("%s (paused %s) %s → %s", (status, paused, action, expected) => {
    expect(transitionOf(status, paused, action)).toBe(expected);
  });
});

describe("message slots and variables", () => {
  it("picks among the filled slots only, evenly over the random range", () => {
    const campaign = texts({ message2: "B", message4: "D" });
    expect([0, 0.2, 0.49].map((r) => pickSlot(campaign, r))).toEqual([2, 2, 2]);
    expect([0.5, 0.8, 0.999].map((r) => pickSlot(campaign, r))).toEqual([4, 4, 4]);
  });

  it("takes the slot's own confirmation message, else the first filled one", () => {
    const campaign = texts({ message1: "A", message2: "B", confirmationMessage2: "Confirma B?", confirmationMessage3: "Confirma?" });
    expect(slotTexts(campaign, 2)).toEqual({ message: "B", confirmationMessage: "Confirma B?" });
    expect(slotTexts(campaign, 1)).toEqual({ message: "A", confirmationMessage: "Confirma B?" });
  });

  it("fills {nome}, {numero}, {email} and the settings' variables, leaving unknown ones", () => {
    const text = fillCampaignMessage("Olá {nome} ({numero}, {email}): use {cupom} até {data}. {desconhecida}", { name: "Ana", number: "5511999990000", email: "ana@x.com" }, [
      { key: "cupom", value: "BLACK10" },
      { key: "data", value: "sexta" },
      { key: "nome", value: "ignorada" },
    ]);
    expect(text).toBe("Olá Ana (5511999990000, ana@x.com): use BLACK10 até sexta. {desconhecida}");
  });

  it("needs a connection, recipients, a message and, with confirmation, a confirmation text to start", () => {
    const base = { whatsappId: 1, contactListId: 2, tagListId: null, confirmation: false, template: null, ...texts({ message3: "Oi" }) };
    expect(isComplete(base)).toBe(true);
    expect(isComplete({ ...base, whatsappId: null })).toBe(false);
    expect(isComplete({ ...base, contactListId: null })).toBe(false);
    expect(isComplete({ ...base, contactListId: null, tagListId: 4 })).toBe(true);
    expect(isComplete({ ...base, message3: "  " })).toBe(false);
    expect(isComplete({ ...base, confirmation: true })).toBe(false);
    expect(isComplete({ ...base, confirmation: true, confirmationMessage5: "Posso enviar?" })).toBe(true);
  });

  it("with a template (the official line), needs message slots only to follow a confirming answer", () => {
    const template = { name: "promo", language: "pt_BR", parameters: ["{nome}"] };
    const base = { whatsappId: 1, contactListId: 2, tagListId: null, confirmation: false, template, ...texts({}) };
    expect(isComplete(base)).toBe(true);
    expect(isComplete({ ...base, contactListId: null })).toBe(false);
    expect(isComplete({ ...base, whatsappId: null })).toBe(false);
    expect(isComplete({ ...base, confirmation: true })).toBe(false);
    expect(isComplete({ ...base, confirmation: true, message2: "Aqui está o cupom" })).toBe(true);
  });

  it("recognises opt-out words alone, without case, accents or punctuation", () => {
    const words = ["SAIR", "PARAR", "STOP"];
    expect(isOptOutWord("sair", words)).toBe("SAIR");
    expect(isOptOutWord(" Parar! ", words)).toBe("PARAR");
    expect(isOptOutWord("stop.", words)).toBe("STOP");
    expect(isOptOutWord("quero sair da lista", words)).toBeUndefined();
    expect(isOptOutWord("", words)).toBeUndefined();
  });
});

describe("pacing", () => {
  it("waits a random part of the interval, the longer pause after every N sends, and the jitter", () => {
    const settings = { messageInterval: 20, longerIntervalAfter: 5, greaterInterval: 60 };
    expect(pauseAfter(1, settings, NO_PACING, () => 0)).toBe(0);
    expect(pauseAfter(1, settings, NO_PACING, () => 0.999)).toBe(20_000);
    expect(pauseAfter(5, settings, NO_PACING, () => 0)).toBe(60_000);
    expect(pauseAfter(10, settings, { ...NO_PACING, jitterSeconds: 10 }, () => 0.999)).toBe(90_000);
    expect(pauseAfter(5, { ...settings, longerIntervalAfter: 0 }, NO_PACING, () => 0)).toBe(0);
  });

  it("finds the company's day and the next opening of the sending window in its time zone", () => {
    // 12:00 UTC is 09:00 in São Paulo (UTC-3).
    expect(localDayOf(NOW, "America/Sao_Paulo")).toEqual({ start: new Date("2026-03-10T03:00:00Z"), next: new Date("2026-03-11T03:00:00Z") });
    const window = { ...NO_PACING, windowStartMinute: 8 * 60, windowEndMinute: 18 * 60 };
    expect(windowOpensAt(NOW, "America/Sao_Paulo", window)).toBeUndefined();
    expect(windowOpensAt(NOW, "America/Sao_Paulo", { ...window, windowStartMinute: 10 * 60 })).toEqual(new Date("2026-03-10T13:00:00Z"));
    expect(windowOpensAt(NOW, "America/Sao_Paulo", { ...window, windowEndMinute: 9 * 60 })).toEqual(new Date("2026-03-11T11:00:00Z"));
    // A window over midnight (22:00–06:00): at 09:00 it opens at 22:00.
    expect(windowOpensAt(NOW, "America/Sao_Paulo", { ...NO_PACING, windowStartMinute: 22 * 60, windowEndMinute: 6 * 60 })).toEqual(new Date("2026-03-11T01:00:00Z"));
  });
});

describe("a message that might be an opt-out word", () => {
  it("is one of up to 30 letters or digits, accents and punctuation aside", () => {
    expect(mightBeOptOutWord("SAIR")).toBe(true);
    expect(mightBeOptOutWord(" não quero mais! ")).toBe(true);
    expect(mightBeOptOutWord("a".repeat(30))).toBe(true);
  });

  it("is never an empty message nor one longer than any word the settings accept", () => {
    expect(mightBeOptOutWord("!!! ")).toBe(false);
    expect(mightBeOptOutWord("a".repeat(31))).toBe(false);
    expect(mightBeOptOutWord("Bom dia, queria saber o horário de funcionamento de vocês")).toBe(false);
  });
});
