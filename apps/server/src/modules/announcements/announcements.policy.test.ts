import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { canManageAnnouncements, canSeeAnnouncement } from "./announcements.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const superUser: RequestContext = { companyId: 1, userId: 3, profile: "admin", isSuper: true };

describe("announcement rules", () => {
  it.each([
    ["a super user", superUser, true, true, true],
    ["an admin", admin, false, true, false],
    ["a user-profile account", agent, false, true, false],
  ] as const)("%s: manage → %s, sees an active one → %s, sees an inactive one → %s", (_label, ctx, manage, active, inactive) => {
    expect(canManageAnnouncements(ctx)).toBe(manage);
    expect(canSeeAnnouncement(ctx, { status: true })).toBe(active);
    expect(canSeeAnnouncement(ctx, { status: false })).toBe(inactive);
  });
});
