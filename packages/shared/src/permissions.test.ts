import { describe, expect, it } from "vitest";
import { type Actor, can } from "./permissions.ts";

describe("can", () => {
  const admin: Actor = { profile: "admin", isSuper: false };
  const user: Actor = { profile: "user", isSuper: false };
  const superUser: Actor = { profile: "user", isSuper: true };

  it.each([
    ["an admin", admin, "tickets-manager:showall", true],
    ["an admin", admin, "contacts-page:deleteContact", true],
    ["a user", user, "tickets-manager:showall", false],
    ["a user", user, "ticket-options:deleteTicket", false],
    ["a user", user, "user-modal:editProfile", false],
    ["a super user of profile user", superUser, "ticket-options:deleteTicket", true],
    ["a super user of profile user", superUser, "users-page:manage", true],
  ] as const)("answers whether %s holds %s", (_who, actor, permission, expected) => {
    expect(can(actor, permission)).toBe(expected);
  });
});
