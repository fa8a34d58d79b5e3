import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { type ContactTicketFacts, canChangeSchedule, canManageSchedule, canReachContact, isScheduleDue, isSendAtAcceptable, sendTicketOf } from "./schedules.policy.ts";

const at = (iso: string) => new Date(iso);

describe("isSendAtAcceptable", () => {
  const now = at("2025-03-10T12:00:00.000Z");
  it.each([
    ["an hour ahead", "2025-03-10T13:00:00.000Z", true],
    ["right now", "2025-03-10T12:00:00.000Z", true],
    ["four minutes ago (within the grace)", "2025-03-10T11:56:00.000Z", true],
    ["ten minutes ago", "2025-03-10T11:50:00.000Z", false],
    ["yesterday", "2025-03-09T12:00:00.000Z", false],
  ])("%s → %s", (_label, sendAt, expected) => {
    expect(isSendAtAcceptable(at(sendAt), now)).toBe(expected);
  });
});

describe("isScheduleDue", () => {
  const sendAt = "2025-03-10T12:00:00.000Z";
  const pending = { sentAt: null, status: "PENDENTE", sendAt: at(sendAt) };
  it.each([
    ["a pending schedule at the queued time", pending, sendAt, true],
    ["the same time written with another offset", pending, "2025-03-10T09:00:00.000-03:00", true],
    ["a deleted schedule", undefined, sendAt, false],
    ["a sent schedule", { ...pending, sentAt: at(sendAt), status: "ENVIADA" }, sendAt, false],
    ["a failed schedule", { ...pending, status: "ERRO" }, sendAt, false],
    ["a schedule moved to another time", { ...pending, sendAt: at("2025-03-10T15:00:00.000Z") }, sendAt, false],
  ])("%s → %s", (_label, schedule, queuedSendAt, expected) => {
    expect(isScheduleDue(schedule, queuedSendAt)).toBe(expected);
  });
});

describe("canChangeSchedule", () => {
  it("allows changes until the schedule was sent", () => {
    expect(canChangeSchedule({ sentAt: null })).toBe(true);
    expect(canChangeSchedule({ sentAt: at("2025-03-10T12:00:00.000Z") })).toBe(false);
  });
});

const SALES = 1;
const SUPPORT = 2;
const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const seller: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const sellerFacts = { queueIds: [SALES], allTicket: "desabled" };
const sellerWithAll = { queueIds: [SALES], allTicket: "enabled" };
const ticket = (status: string, queueId: number | null, userId: number | null = null): ContactTicketFacts => ({ status, queueId, userId });

describe("canReachContact", () => {
  it.each([
    ["an admin, a contact served by Suporte", admin, [ticket("open", SUPPORT, 9)], sellerFacts, true],
    ["a contact without tickets", seller, [], sellerFacts, true],
    ["an open ticket in her queue", seller, [ticket("open", SALES, 9)], sellerFacts, true],
    ["a pending ticket in another queue", seller, [ticket("pending", SUPPORT)], sellerFacts, false],
    ["an open ticket in another queue that is hers", seller, [ticket("open", SUPPORT, 2)], sellerFacts, true],
    ["a pending ticket without a queue, allTicket off", seller, [ticket("pending", null)], sellerFacts, false],
    ["a pending ticket without a queue, allTicket on", seller, [ticket("pending", null)], sellerWithAll, true],
    ["an active ticket in Suporte and one in Vendas (two connections)", seller, [ticket("open", SUPPORT), ticket("pending", SALES)], sellerFacts, true],
    ["an active Suporte ticket, an older closed Vendas one", seller, [ticket("open", SUPPORT), ticket("closed", SALES)], sellerFacts, false],
    ["an active Vendas ticket, a more recent closed Suporte one", seller, [ticket("closed", SUPPORT), ticket("open", SALES)], sellerFacts, true],
    ["only closed tickets, the latest in Suporte", seller, [ticket("closed", SUPPORT), ticket("closed", SALES)], sellerFacts, false],
    ["only closed tickets, the latest in Vendas", seller, [ticket("closed", SALES), ticket("closed", SUPPORT)], sellerFacts, true],
    ["only closed tickets, the latest hers in Suporte", seller, [ticket("closed", SUPPORT, 2)], sellerFacts, true],
  ] as const)("%s → %s", (_label, ctx, tickets, facts, expected) => {
    expect(canReachContact(ctx, tickets, facts)).toBe(expected);
  });
});

describe("canManageSchedule", () => {
  it.each([
    ["an admin, someone else's schedule, a contact she may not reach", admin, { userId: 9 }, false, true],
    ["a user, her own schedule, a contact she may no longer reach", seller, { userId: 2 }, false, true],
    ["a user, someone else's schedule, a contact she may reach", seller, { userId: 9 }, true, true],
    ["a user, someone else's schedule, a contact she may not reach", seller, { userId: 9 }, false, false],
    ["a user, a schedule of a deleted user, a contact she may not reach", seller, { userId: null }, false, false],
  ] as const)("%s → %s", (_label, ctx, schedule, reachable, expected) => {
    expect(canManageSchedule(ctx, schedule, reachable)).toBe(expected);
  });
});

describe("sendTicketOf", () => {
  const sales = { id: 10, ...ticket("open", SALES, 9) };
  const support = { id: 11, ...ticket("pending", SUPPORT) };
  it.each([
    ["no active ticket", seller, [], "none"],
    ["her queue's ticket", seller, [sales], sales],
    ["another queue's ticket only", seller, [support], "refused"],
    ["the first one she may open", seller, [support, sales], sales],
    ["an admin takes the preferred one", admin, [support, sales], support],
    ["a schedule whose author is gone", undefined, [support, sales], support],
  ] as const)("%s → %j", (_label, scheduler, active, expected) => {
    expect(sendTicketOf(scheduler, active, sellerFacts)).toEqual(expected);
  });
});
