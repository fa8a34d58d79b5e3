import { describe, expect, it } from "vitest";
import { type Actor, can, mayWriteOnTicket } from "./permissions.ts";

describe("can", () => {
  const admin: Actor = { profile: "admin", isSuper: false };
  const user: Actor = { profile: "user", isSuper: false };
  const supervisor: Actor = { profile: "supervisor", isSuper: false };
  const superUser: Actor = { profile: "user", isSuper: true };

  it.each([
    ["an admin", admin, "tickets-manager:showall", true],
    ["an admin", admin, "contacts-page:deleteContact", true],
    ["a user", user, "tickets-manager:showall", false],
    ["a user", user, "ticket-options:deleteTicket", false],
    ["a user", user, "user-modal:editProfile", false],
    ["a supervisor", supervisor, "distribution:manage", true],
    ["a supervisor", supervisor, "tags:kanban", true],
    ["a supervisor", supervisor, "tags:manage", false],
    ["a supervisor", supervisor, "queues-page:edit", false],
    ["a supervisor", supervisor, "tickets-manager:showall", false],
    ["a supervisor", supervisor, "user-modal:editProfile", false],
    ["a supervisor", supervisor, "users-page:manage", false],
    ["a supervisor", supervisor, "settings:edit", false],
    ["a supervisor", supervisor, "tickets:writeHeld", false],
    ["a user", user, "distribution:manage", false],
    ["an admin", admin, "distribution:manage", true],
    ["a super user of profile user", superUser, "ticket-options:deleteTicket", true],
    ["a super user of profile user", superUser, "users-page:manage", true],
  ] as const)("answers whether %s holds %s", (_who, actor, permission, expected) => {
    expect(can(actor, permission)).toBe(expected);
  });
});

describe("mayWriteOnTicket", () => {
  const admin = { profile: "admin", isSuper: false, userId: 1 } as const;
  const attendant = { profile: "user", isSuper: false, userId: 3 } as const;
  it.each([
    ["an attendant on her own ticket", attendant, 3, true],
    ["an attendant on a ticket without an attendant", attendant, null, true],
    ["an attendant on a colleague's ticket", attendant, 5, false],
    ["an admin on a colleague's ticket", admin, 5, true],
    ["an admin on a ticket without an attendant", admin, null, true],
  ] as const)("answers for %s", (_label, actor, userId, expected) => {
    expect(mayWriteOnTicket(actor, { userId })).toBe(expected);
  });
});
