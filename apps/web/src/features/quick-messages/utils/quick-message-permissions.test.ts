import { describe, expect, it } from "vitest";
import { canChangeSharing, canEditQuickMessage } from "./quick-message-permissions.ts";
import { attachmentStep } from "./quick-message-form.ts";

const admin = { profile: "admin", isSuper: false, userId: 1 } as const;
const agent = { profile: "user", isSuper: false, userId: 2 } as const;

describe("canEditQuickMessage", () => {
  it.each([
    ["the owner, a personal reply", true, agent, { geral: false, userId: 2 }],
    ["the owner, a shared reply", true, agent, { geral: true, userId: 2 }],
    ["a user, someone else's shared reply", false, agent, { geral: true, userId: 1 }],
    ["an admin, someone else's shared reply", true, admin, { geral: true, userId: 2 }],
    ["an admin, someone else's personal reply", false, admin, { geral: false, userId: 2 }],
  ])("%s → %s", (_label, expected, actor, quick) => {
    expect(canEditQuickMessage(actor, quick)).toBe(expected);
  });

  it("lets only the owner (or the creator of a new reply) change whether it is shared", () => {
    expect(canChangeSharing(admin, { userId: 2 })).toBe(false);
    expect(canChangeSharing(agent, { userId: 2 })).toBe(true);
    expect(canChangeSharing(agent, undefined)).toBe(true);
  });
});

describe("attachmentStep", () => {
  it.each([
    ["a new file is uploaded", true, false, false, "upload"],
    ["a new file after removing the stored one is uploaded", true, true, true, "upload"],
    ["removing the stored file deletes it", false, true, true, "delete"],
    ["removing a file never stored does nothing", false, true, false, "none"],
    ["no change does nothing", false, false, true, "none"],
  ] as const)("%s", (_label, hasFile, remove, stored, step) => {
    const file = hasFile ? new File(["x"], "x.png") : null;
    expect(attachmentStep({ file, remove }, stored)).toBe(step);
  });
});
