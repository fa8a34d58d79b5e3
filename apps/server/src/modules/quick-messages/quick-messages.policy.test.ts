import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { canChangeSharing, canEditQuickMessage, canSeeQuickMessage } from "./quick-messages.policy.ts";

const admin: RequestContext = { companyId: 1, userId: 1, profile: "admin", isSuper: false };
const agent: RequestContext = { companyId: 1, userId: 2, profile: "user", isSuper: false };

describe("quick-reply rules", () => {
  it.each([
    ["a user sees a shared reply", canSeeQuickMessage(agent, { geral: true, userId: 1 }), true],
    ["a user sees their personal reply", canSeeQuickMessage(agent, { geral: false, userId: 2 }), true],
    ["an admin does not see another user's personal reply", canSeeQuickMessage(admin, { geral: false, userId: 2 }), false],
    ["the owner edits a personal reply", canEditQuickMessage(agent, { geral: false, userId: 2 }), true],
    ["a user does not edit someone else's shared reply", canEditQuickMessage(agent, { geral: true, userId: 1 }), false],
    ["an admin edits someone else's shared reply", canEditQuickMessage(admin, { geral: true, userId: 2 }), true],
    ["an admin edits a shared reply whose owner was deleted", canEditQuickMessage(admin, { geral: true, userId: null }), true],
    ["an admin does not make someone else's reply personal", canChangeSharing(admin, { geral: true, userId: 2 }, false), false],
    ["an admin keeps someone else's reply shared", canChangeSharing(admin, { geral: true, userId: 2 }, true), true],
    ["the owner makes their reply personal", canChangeSharing(agent, { geral: true, userId: 2 }, false), true],
  ])("%s", (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
