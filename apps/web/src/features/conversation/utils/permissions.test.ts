import { describe, expect, it } from "vitest";
import { canDeleteMessage, canDeleteTicket } from "./permissions.ts";

const attendant = { id: 7, profile: "user" as const, super: false };
const admin = { id: 1, profile: "admin" as const, super: false };

describe("canDeleteMessage", () => {
  it("lets the author delete a message they sent", () => {
    expect(canDeleteMessage({ fromMe: true, userId: 7, isDeleted: false }, attendant)).toBe(true);
  });

  it("refuses another attendant's message to a user but not to an admin", () => {
    expect(canDeleteMessage({ fromMe: true, userId: 8, isDeleted: false }, attendant)).toBe(false);
    expect(canDeleteMessage({ fromMe: true, userId: 8, isDeleted: false }, admin)).toBe(true);
  });

  it("never offers the contact's messages or an already deleted one", () => {
    expect(canDeleteMessage({ fromMe: false, userId: null, isDeleted: false }, admin)).toBe(false);
    expect(canDeleteMessage({ fromMe: true, userId: 7, isDeleted: true }, attendant)).toBe(false);
  });
});

describe("canDeleteTicket", () => {
  it("is an admin permission", () => {
    expect(canDeleteTicket(admin)).toBe(true);
    expect(canDeleteTicket(attendant)).toBe(false);
    expect(canDeleteTicket(null)).toBe(false);
  });
});
