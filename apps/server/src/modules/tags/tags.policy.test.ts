import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { canManageTags, mayRequestKanban } from "./tags.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const superUser: RequestContext = { companyId: 1, userId: 3, profile: "admin", isSuper: true };

describe("canManageTags", () => {
  it.each([
    ["an admin", admin, true],
    ["a super user", superUser, true],
    ["a user-profile account", agent, false],
  ] as const)("%s → %s", (_label, ctx, expected) => {
    expect(canManageTags(ctx)).toBe(expected);
  });
});

describe("mayRequestKanban", () => {
  it.each([
    ["a user leaving the flag out", agent, undefined, 1, true],
    ["a user sending the current flag", agent, 1, 1, true],
    ["a user marking a tag", agent, 1, 0, false],
    ["a user unmarking a tag", agent, 0, 1, false],
    ["an admin marking a tag", admin, 1, 0, true],
    ["an admin unmarking a tag", admin, 0, 1, true],
  ] as const)("%s → %s", (_label, ctx, requested, current, expected) => {
    expect(mayRequestKanban(ctx, requested, current)).toBe(expected);
  });
});
