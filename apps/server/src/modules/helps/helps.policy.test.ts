import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { canManageHelps, canReadHelps } from "./helps.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };
const superUser: RequestContext = { companyId: 1, userId: 3, profile: "admin", isSuper: true };

describe("help video rules", () => {
  it.each([
    ["a super user", superUser, true, true],
    ["an admin", admin, false, true],
    ["a user-profile account", agent, false, true],
  ] as const)("%s: manage → %s, read → %s", (_label, ctx, manage, read) => {
    expect(canManageHelps(ctx)).toBe(manage);
    expect(canReadHelps(ctx)).toBe(read);
  });
});
