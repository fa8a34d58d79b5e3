import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import {
  canChangeUser,
  canSetSuper,
  fitsUserLimit,
  keepsCompany,
  missingEditPermission,
  needsCurrentPassword,
  removesLastAdmin,
  removesLastSuper,
} from "./users.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const superAdmin: RequestContext = { companyId: 1, userId: 3, profile: "admin", isSuper: true };
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

describe("canChangeUser", () => {
  it.each([
    ["a plain admin, a plain user", admin, false, true],
    ["a plain admin, a super user", admin, true, false],
    ["a user-profile account, a super user", agent, true, false],
    ["a super user, a super user", superAdmin, true, true],
    ["a super user, a plain user", superAdmin, false, true],
  ] as const)("%s → %s", (_label, ctx, targetIsSuper, expected) => {
    expect(canChangeUser(ctx, { isSuper: targetIsSuper })).toBe(expected);
  });
});

describe("canSetSuper", () => {
  it.each([
    ["a plain admin leaving it out", admin, false, undefined, true],
    ["a plain admin sending the current false", admin, false, false, true],
    ["a plain admin sending the current true", admin, true, true, true],
    ["a plain admin setting it", admin, false, true, false],
    ["a plain admin clearing it", admin, true, false, false],
    ["a user-profile account setting it", agent, false, true, false],
    ["a super user setting it", superAdmin, false, true, true],
    ["a super user clearing it", superAdmin, true, false, true],
  ] as const)("%s → %s", (_label, ctx, was, next, expected) => {
    expect(canSetSuper(ctx, was, next)).toBe(expected);
  });
});

describe("keepsCompany", () => {
  it.each([
    [1, undefined, true],
    [1, 1, true],
    [1, 2, false],
  ])("company %i, body %s → %s", (currentCompany, next, expected) => {
    expect(keepsCompany(currentCompany, next)).toBe(expected);
  });
});

describe("needsCurrentPassword", () => {
  it.each([
    ["one's own new password", agent, agent.userId, { password: "Nova-senha-1" }, true],
    ["one's own record without a password", agent, agent.userId, {}, false],
    ["an admin's own new password", admin, admin.userId, { password: "Nova-senha-1" }, true],
    ["another user's new password, by an admin", admin, agent.userId, { password: "Nova-senha-1" }, false],
  ] as const)("%s → %s", (_label, ctx, targetId, body, expected) => {
    expect(needsCurrentPassword(ctx, targetId, body)).toBe(expected);
  });
});

describe("removesLastSuper", () => {
  it.each([
    [true, false, 0, true],
    [true, false, 1, false],
    [true, true, 0, false],
    [false, false, 0, false],
  ])("was super %s, stays super %s, %i other super users → %s", (wasSuper, staysSuper, others, expected) => {
    expect(removesLastSuper(wasSuper, staysSuper, others)).toBe(expected);
  });
});
