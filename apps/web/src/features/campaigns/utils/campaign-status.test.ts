import type { CampaignStatus } from "@conversa/shared";
import { describe, expect, it } from "vitest";
import { pt } from "../../../lib/locales/pt.ts";
import { CAMPAIGN_STATUS_LABEL_KEYS, campaignActions, campaignEditability, deliveredPercent } from "./campaign-status.ts";

const now = new Date("2026-03-10T12:00:00.000Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe("campaign status labels", () => {
  it.each([
    ["INATIVA", "Inativa"],
    ["PROGRAMADA", "Programada"],
    ["EM_ANDAMENTO", "Em andamento"],
    ["CANCELADA", "Cancelada"],
    ["FINALIZADA", "Finalizada"],
  ] as const)("shows %s as %s", (status: CampaignStatus, label) => {
    const [, , key] = CAMPAIGN_STATUS_LABEL_KEYS[status].split(".");
    expect(pt.campaigns.status[key as CampaignStatus]).toBe(label);
  });
});

describe("campaignEditability", () => {
  it.each([
    { status: "INATIVA", scheduledAt: null, expected: "all" },
    { status: "PROGRAMADA", scheduledAt: at(61), expected: "all" },
    { status: "PROGRAMADA", scheduledAt: at(60), expected: "none" },
    { status: "PROGRAMADA", scheduledAt: at(30), expected: "none" },
    { status: "PROGRAMADA", scheduledAt: at(-5), expected: "none" },
    { status: "EM_ANDAMENTO", scheduledAt: at(-5), expected: "none" },
    { status: "CANCELADA", scheduledAt: at(-5), expected: "texts" },
    { status: "FINALIZADA", scheduledAt: at(-60), expected: "none" },
  ] as const)("$status scheduled $scheduledAt → $expected", ({ status, scheduledAt, expected }) => {
    expect(campaignEditability({ status, scheduledAt }, now)).toBe(expected);
  });
});

describe("campaignActions", () => {
  it.each([
    { status: "INATIVA", pausedAt: null, expected: [] },
    { status: "PROGRAMADA", pausedAt: null, expected: [] },
    { status: "EM_ANDAMENTO", pausedAt: null, expected: ["pause", "cancel"] },
    { status: "EM_ANDAMENTO", pausedAt: at(-1), expected: ["resume", "cancel"] },
    { status: "CANCELADA", pausedAt: null, expected: ["restart"] },
    { status: "FINALIZADA", pausedAt: null, expected: [] },
  ] as const)("$status (paused $pausedAt) offers $expected", ({ status, pausedAt, expected }) => {
    expect(campaignActions({ status, pausedAt })).toEqual(expected);
  });
});

describe("deliveredPercent", () => {
  it.each([
    { delivered: 0, validContacts: 0, expected: 0 },
    { delivered: 1, validContacts: 3, expected: 33 },
    { delivered: 3, validContacts: 3, expected: 100 },
  ])("$delivered of $validContacts is $expected%", ({ expected, ...progress }) => {
    expect(deliveredPercent(progress)).toBe(expected);
  });
});
