import { describe, expect, it } from "vitest";
import { canManageChat, canUseChat, chatMemberIds } from "./chats.policy.ts";

describe("canUseChat", () => {
  it.each([
    ["a member", 2, [1, 2, 3], true],
    ["the only member", 1, [1], true],
    ["a user who is not a member", 4, [1, 2, 3], false],
    ["anyone, in a chat without members", 1, [], false],
  ] as const)("lets %s in: %s", (_who, userId, members, expected) => {
    expect(canUseChat({ userId }, members)).toBe(expected);
  });
});

describe("canManageChat", () => {
  it.each([
    ["the owner", 1, 1, true],
    ["a member who is not the owner", 2, 1, false],
    ["anyone, once the owner was deleted", 1, null, false],
  ] as const)("lets %s edit and delete: %s", (_who, userId, ownerId, expected) => {
    expect(canManageChat({ userId }, { ownerId })).toBe(expected);
  });
});

describe("chatMemberIds", () => {
  it("keeps the owner a member and names each user once", () => {
    expect(chatMemberIds(1, [2, 3, 2])).toEqual([1, 2, 3]);
    expect(chatMemberIds(1, [1, 2])).toEqual([1, 2]);
  });
});
