import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { canManagePlans } from "./plans.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const superUser: RequestContext = { companyId: 1, userId: 3, profile: "admin", isSuper: true };

describe("canManagePlans", () => {
  it.each([
    ["a super user", superUser, true],
    ["an admin", admin, false],
    ["a user-profile account", agent, false],
  ] as const)("%s → %s", (_label, ctx, expected) => {
    expect(canManagePlans(ctx)).toBe(expected);
  });
});
