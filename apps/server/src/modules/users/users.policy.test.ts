import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { fitsUserLimit, missingEditPermission, removesLastAdmin } from "./users.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const current = { profile: "user", queueIds: [3, 1], whatsappId: null, allTicket: "desabled" };

describe("missingEditPermission", () => {
  it.each([
    ["nothing guarded", agent, {}, null],
    ["the same values", agent, { profile: "user", queueIds: [1, 3, 3], whatsappId: null, allTicket: "desabled" }, null],
    ["a new profile", agent, { profile: "admin" }, "user-modal:editProfile"],
    ["other queues", agent, { queueIds: [1] }, "user-modal:editQueues"],
    ["a default connection", agent, { whatsappId: 9 }, "user-modal:editQueues"],
    ["allTicket on", agent, { allTicket: "enabled" }, "user-modal:editQueues"],
    ["everything, as an admin", admin, { profile: "admin", queueIds: [], whatsappId: 9, allTicket: "enabled" }, null],
  ] as const)("%s → %s", (_label, ctx, body, expected) => {
    expect(missingEditPermission(ctx, body, current)).toBe(expected);
  });
});

describe("removesLastAdmin", () => {
  it.each([
    [true, false, 0, true],
    [true, false, 1, false],
    [true, true, 0, false],
    [false, false, 0, false],
  ])("was admin %s, stays admin %s, %i other admins → %s", (wasAdmin, staysAdmin, others, expected) => {
    expect(removesLastAdmin(wasAdmin, staysAdmin, others)).toBe(expected);
  });
});

describe("fitsUserLimit", () => {
  it.each([
    [9, 10, true],
    [10, 10, false],
    [0, 0, false],
    [500, null, true],
  ])("%i users, limit %s → %s", (users, limit, expected) => {
    expect(fitsUserLimit(users, limit)).toBe(expected);
  });
});
