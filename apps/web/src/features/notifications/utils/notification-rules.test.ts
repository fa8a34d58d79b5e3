import type { Ticket } from "@conversa/shared";
import { describe, expect, it } from "vitest";
import { type AlertContext, applyNotificationUpdate, isNotifiable, type NotificationViewer, shouldAlert, sortNotifications, titleWithCount } from "./notification-rules.ts";

const attendant: NotificationViewer = { id: 7, profile: "user", allTicket: "desabled", queues: [{ id: 1 }] };
const withAllTicket: NotificationViewer = { ...attendant, allTicket: "enabled" };
const admin: NotificationViewer = { ...attendant, profile: "admin" };

type Facts = Pick<Ticket, "status" | "userId" | "queueId" | "unreadMessages">;
const facts = (overrides: Partial<Facts>): Facts => ({ status: "open", userId: 7, queueId: 1, unreadMessages: 2, ...overrides });

describe("isNotifiable", () => {
  it.each<[string, Partial<Facts>, NotificationViewer, boolean]>([
    ["an open ticket of mine with unread messages", {}, attendant, true],
    ["an open ticket of mine without unread messages", { unreadMessages: 0 }, attendant, false],
    ["another attendant's open ticket in my queue", { userId: 8 }, attendant, false],
    ["another attendant's open ticket, for an admin", { userId: 8 }, admin, false],
    ["a pending ticket of my queue", { status: "pending", userId: null }, attendant, true],
    ["a pending ticket of another queue", { status: "pending", userId: null, queueId: 5 }, attendant, false],
    ["a pending ticket without queue (allTicket disabled)", { status: "pending", userId: null, queueId: null }, attendant, false],
    ["a pending ticket without queue (allTicket enabled)", { status: "pending", userId: null, queueId: null }, withAllTicket, true],
    ["a pending ticket without unread messages", { status: "pending", userId: null, unreadMessages: 0 }, attendant, false],
    ["a closed ticket of mine", { status: "closed" }, attendant, false],
  ])("counts %s: %s", (_case, overrides, viewer, expected) => {
    expect(isNotifiable(facts(overrides), viewer)).toBe(expected);
  });
});

describe("shouldAlert", () => {
  type AlertTicket = Pick<Ticket, "uuid" | "status" | "userId" | "queueId">;
  const ticket: AlertTicket = { uuid: "t-1", status: "pending", userId: null, queueId: 1 };
  const away: AlertContext = { currentUuid: undefined, isPageVisible: true };

  it.each<[string, { fromMe: boolean }, Partial<AlertTicket>, NotificationViewer, AlertContext, boolean]>([
    ["a customer message on a pending ticket of my queue", { fromMe: false }, {}, attendant, away, true],
    ["my own message", { fromMe: true }, {}, attendant, away, false],
    ["a message on another queue's ticket", { fromMe: false }, { queueId: 5 }, attendant, away, false],
    ["a message on another queue's ticket, for an admin", { fromMe: false }, { queueId: 5 }, admin, away, true],
    ["a message on another attendant's ticket", { fromMe: false }, { status: "open", userId: 8 }, admin, away, false],
    ["a message on my open ticket", { fromMe: false }, { status: "open", userId: 7, queueId: 5 }, attendant, away, true],
    ["a message on a closed ticket", { fromMe: false }, { status: "closed" }, attendant, away, false],
    ["a message on the ticket on screen", { fromMe: false }, {}, attendant, { currentUuid: "t-1", isPageVisible: true }, false],
    ["a message on the ticket on screen while the tab is hidden", { fromMe: false }, {}, attendant, { currentUuid: "t-1", isPageVisible: false }, true],
  ])("rings for %s: %s", (_case, message, overrides, viewer, context, expected) => {
    expect(shouldAlert(message, { ...ticket, ...overrides }, viewer, context)).toBe(expected);
  });
});

describe("applyNotificationUpdate", () => {
  const base = {
    uuid: "u",
    contactId: 1,
    contact: { id: 1, name: "C", number: "1", email: "", profilePicUrl: null, isGroup: false },
    user: null,
    queue: null,
    whatsappId: null,
    whatsapp: null,
    tags: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    botSummary: null,
    awaitingRating: false,
    lastMessage: "",
    createdAt: "2025-05-01T10:00:00.000Z",
  };
  const ticket = (id: number, minute: number, overrides: Partial<Ticket> = {}): Ticket => ({
    ...base,
    id,
    status: "open",
    userId: 7,
    queueId: 1,
    unreadMessages: 1,
    updatedAt: new Date(Date.UTC(2025, 4, 1, 10, minute)).toISOString(),
    ...overrides,
  });

  it("adds a notifiable ticket in updatedAt order, or first for a new message", () => {
    const list = [ticket(1, 30), ticket(2, 10)];
    expect(applyNotificationUpdate(list, ticket(3, 20), attendant).map((t) => t.id)).toEqual([1, 3, 2]);
    expect(applyNotificationUpdate(list, ticket(2, 10), attendant, true).map((t) => t.id)).toEqual([2, 1]);
  });

  it("drops a ticket that was read or taken by someone else", () => {
    const list = [ticket(1, 30), ticket(2, 10)];
    expect(applyNotificationUpdate(list, ticket(1, 31, { unreadMessages: 0 }), attendant).map((t) => t.id)).toEqual([2]);
    expect(applyNotificationUpdate(list, ticket(2, 31, { userId: 8 }), attendant).map((t) => t.id)).toEqual([1]);
  });

  it("sorts newest first without duplicates", () => {
    expect(sortNotifications([ticket(1, 10), ticket(2, 30), ticket(1, 10)]).map((t) => t.id)).toEqual([2, 1]);
  });
});

describe("titleWithCount", () => {
  it.each([
    ["Conversa", 3, "(3) Conversa"],
    ["(3) Conversa", 5, "(5) Conversa"],
    ["(5) Conversa", 0, "Conversa"],
    ["Conversa", 0, "Conversa"],
  ])("turns %s with %i unread into %s", (title, count, expected) => {
    expect(titleWithCount(title, count)).toBe(expected);
  });
});
