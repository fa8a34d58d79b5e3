/**
 * Realtime event names and payloads. Names are built here and nowhere else.
 */
import type { Announcement } from "./schemas/announcements.ts";
import type { Chat, ChatMessage } from "./schemas/chats.ts";

/** Per-company channels of spec core §4 (company-{id}-…). */
export const COMPANY_CHANNELS = [
  "whatsapp",
  "whatsappSession",
  "user",
  "chat",
  "appMessage",
  "ticket",
  "contact",
  "auth",
  "queue",
  "tag",
  "quickmessage",
  "schedule",
  "settings",
  "payment",
  "invoice",
  "prompt",
  "queueIntegration",
  "sla",
  "ContactList",
  "ContactListItem",
  "campaign",
  "file",
  /** Beyond the spec: the WhatsApp simulator's page (`SimulatorEventPayload`, docs/simulator.md). */
  "simulator",
] as const;
export type CompanyChannel = (typeof COMPANY_CHANNELS)[number];

/** `company-{id}-{channel}`: the event name a company's clients listen to. */
export function companyEvent(companyId: number, channel: CompanyChannel): string {
  return `company-${companyId}-${channel}`;
}

/**
 * `company-{id}-chat-user-{userId}`: a chat created or changed, told to that member alone, as the
 * previous generation's chat page listens for it (payload: the create or update of `ChatEventPayload`).
 */
export function chatUserEvent(companyId: number, userId: number): string {
  return `${companyEvent(companyId, "chat")}-user-${userId}`;
}

/**
 * `company-{id}-chat-{chatId}`: a chat's new messages and reads, told to its members (the read to the
 * reader), as the previous generation's open conversation listens for them (payload: the new-message or
 * update of `ChatEventPayload`).
 */
export function chatRoomEvent(companyId: number, chatId: number): string {
  return `${companyEvent(companyId, "chat")}-${chatId}`;
}

/**
 * The installation's announcements (spec core §4): one event name for every company, since an
 * announcement belongs to none. Payload: `AnnouncementEventPayload`.
 */
export const ANNOUNCEMENT_EVENT = "company-announcement";

/**
 * Payload of `company-announcement`: `{action: "create" | "update", record}` or `{action: "delete", id}`.
 * An announcement that is (or became) inactive reaches super users as an update and everyone else as a
 * delete, so that it leaves their popover.
 */
export type AnnouncementEventPayload = { action: "create" | "update"; record: Announcement } | { action: "delete"; id: number };

/**
 * Payload of `company-{id}-chat` (spec admin §4), sent to the sockets of the chat's members only (never
 * to the company's room): a chat created (or one the user was added to) or changed, with every member's
 * unread count, under `record` and again under `chat` (the previous generation's menu and popover read
 * `chat`, its chat page `record`); a chat deleted (or one the user was removed from); a new message with
 * the chat as it is after it, the message carrying that chat too (its members: `newMessage.chat.users`).
 * The same payloads go out on `chatUserEvent` and `chatRoomEvent` to the same members.
 */
export type ChatEventPayload =
  | { action: "create" | "update"; record: Chat; chat: Chat }
  | { action: "delete"; id: number }
  | { action: "new-message"; newMessage: ChatMessage & { chat: Chat }; chat: Chat };

/**
 * Payload of `company-{id}-sla`, sent once per ticket to the admins of its queue (every admin of the
 * company when none works in it): a pending ticket has waited past its queue's SLA target.
 */
export interface SlaAlertPayload {
  action: "late";
  alert: { ticketId: number; uuid: string; contactName: string; queueId: number; queueName: string; slaMinutesTarget: number };
}

/**
 * Payload of `company-{id}-simulator` (beyond the spec), to every socket of the company, as every user of
 * the company may read its simulator (docs/simulator.md): a simulator connection's state changed (status,
 * QR code, session running here, failure switches), or a conversation of it did (a message either way,
 * an ack, a read, a deletion). It names what changed and carries nothing of it: the page reads it again.
 */
export type SimulatorEventPayload = { action: "connection"; connectionId: number } | { action: "chat"; connectionId: number; number: string };

/** Events a client sends to the server. */
export const CLIENT_EVENTS = {
  joinChatBox: "joinChatBox",
  joinNotification: "joinNotification",
  joinTickets: "joinTickets",
  joinTicketsLeave: "joinTicketsLeave",
  joinChatBoxLeave: "joinChatBoxLeave",
  userStatus: "userStatus",
} as const;

/** Events the server sends that are not company channels. */
export const SERVER_EVENTS = {
  ready: "ready",
} as const;

/** Payload of `company-{id}-auth`: the session of that user was replaced by a newer login. */
export interface AuthEventPayload {
  action: "update";
  user: { id: number };
}

/**
 * Payload of `company-{id}-user` for a user created, changed or deleted: `{action: "create" | "update",
 * user}` or `{action: "delete", userId}`. The user is the whole record of GET /users/{id} (queues
 * included) for the admins and for that user's own sockets, and the GET /users/list item for every
 * other socket of the company.
 */
export interface UserEventPayload {
  action: "create" | "update" | "delete";
  user?: { id: number; name: string; online: boolean };
  userId?: number;
}

/**
 * Payload of `company-{id}-user` when a user comes online or goes offline, to every socket of the
 * company. An action of its own and no `user`, so that no client takes it for a changed user.
 */
export interface UserPresencePayload {
  action: "presence";
  userId: number;
  online: boolean;
}

/** Payload of `company-{id}-settings`. */
export interface SettingsEventPayload {
  action: "update";
  setting: { key: string; value: string };
}

/** Channels of the administration lists and the key their payload carries the record under. */
export const RECORD_CHANNELS = {
  user: "user",
  contact: "contact",
  queue: "queue",
  tag: "tag",
  quickmessage: "record",
  schedule: "schedule",
  prompt: "prompt",
  queueIntegration: "queueIntegration",
  /** Contact lists, their contacts, campaigns (with their progress) and file lists: `{action, record}` / `{action: "delete", id}`. */
  ContactList: "record",
  ContactListItem: "record",
  campaign: "record",
  file: "record",
} as const satisfies Partial<Record<CompanyChannel, string>>;
export type RecordChannel = keyof typeof RECORD_CHANNELS;

/**
 * Record channels whose created or changed record is carried a second time under another key, for the
 * previous generation's pages: its Files page reads the file list as `data.files`.
 */
export const RECORD_ALSO_AS: Partial<Record<RecordChannel, string>> = { file: "files" };

/**
 * Payload of a record channel: `{action: "create" | "update", [key]: record}` (and the same record under
 * `RECORD_ALSO_AS[channel]`) or `{action: "delete", [key + "Id"]: id}` (e.g. `{action: "delete", userId: 3}`;
 * quick messages use `record` / `id`).
 */
export function recordEventPayload(channel: RecordChannel, action: "create" | "update" | "delete", record: { id: number }): Record<string, unknown> {
  const key = RECORD_CHANNELS[channel];
  if (action === "delete") return { action, [key === "record" ? "id" : `${key}Id`]: record.id };
  const also = RECORD_ALSO_AS[channel];
  return also === undefined ? { action, [key]: record } : { action, [key]: record, [also]: record };
}

/**
 * What a socket asks to follow: the notification stream, a status tab, one ticket's chat box, or
 * "any" (joined at connection: events about a ticket that go to everyone who may open it).
 */
export type TicketScope = "any" | "notification" | `status-${string}` | `ticket-${number}`;

export const ticketScopes = {
  any: "any",
  notification: "notification",
  status: (status: string): TicketScope => `status-${status}`,
  ticket: (ticketId: number): TicketScope => `ticket-${ticketId}`,
} as const;

/**
 * Room names. Every room carries the company id so that no room is shared by two companies, except the
 * two installation rooms, which carry only what belongs to no company (the announcements).
 */
export const rooms = {
  /** Every authenticated socket of every company. */
  installation: "installation",
  /** The super users' sockets, whatever their company (inactive announcements). */
  supers: "installation:supers",
  company: (companyId: number) => `c${companyId}`,
  user: (companyId: number, userId: number) => `c${companyId}:u${userId}`,
  /** The company's admins' sockets, its super users' included (full records: user e-mails, pairing QR codes, every schedule; the simulator). */
  admins: (companyId: number) => `c${companyId}:admins`,
  /**
   * A ticket scope qualified by a visibility key (see the server's `viewerAudience` / `ticketAudience`):
   * a socket joins a scope's rooms of the keys its user holds; a ticket's event goes to the rooms of
   * the keys the ticket matches. `c{id}:v:{scope}:{key}`.
   */
  visible: (companyId: number, scope: TicketScope, key: string) => `c${companyId}:v:${scope}:${key}`,
  /** The prefix of every visibility-qualified room of the company. */
  visiblePrefix: (companyId: number) => `c${companyId}:v:`,
} as const;
