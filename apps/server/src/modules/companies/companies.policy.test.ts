import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { canManageCompanies, canSeeCompany, isOwnCompany } from "./companies.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const superUser: RequestContext = { companyId: 1, userId: 3, profile: "admin", isSuper: true };

describe("canManageCompanies", () => {
  it.each([
    ["a super user", superUser, true],
    ["an admin", admin, false],
    ["a user-profile account", agent, false],
  ] as const)("%s → %s", (_label, ctx, expected) => {
    expect(canManageCompanies(ctx)).toBe(expected);
  });
});

describe("canSeeCompany", () => {
  it.each([
    ["an admin, its own company", admin, 1, true],
    ["an admin, another company", admin, 2, false],
    ["a user-profile account, another company", agent, 2, false],
    ["a super user, another company", superUser, 2, true],
  ] as const)("%s → %s", (_label, ctx, companyId, expected) => {
    expect(canSeeCompany(ctx, companyId)).toBe(expected);
  });
});

describe("isOwnCompany", () => {
  it.each([
    ["the super user's own company", 1, true],
    ["another company", 2, false],
  ] as const)("%s → %s", (_label, companyId, expected) => {
    expect(isOwnCompany(superUser, companyId)).toBe(expected);
  });
});
