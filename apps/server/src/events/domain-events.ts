import type { Announcement, Invoice, Chat, ChatMessage, Connection, Contact, Message, RecordChannel, Setting, SlaAlertPayload, Ticket, TicketActivity } from "@conversa/shared";

/** What the visibility rule reads of a ticket: its queue and its user. */
export interface TicketAccessRef {
  queueId: number | null;
  userId: number | null;
}

/**
 * What happened in the domain. Services publish these; the realtime module (and tests) subscribe.
 * Services never know about sockets.
 */
export interface DomainEventMap {
  /** A newer login (or a logout) replaced this user's session: its sockets must be told and dropped. */
  "session.replaced": { companyId: number; userId: number };
  /** The user logged out: their sockets are dropped without the "accessed elsewhere" notice. */
  "session.ended": { companyId: number; userId: number };
  /**
   * The sessions of these users of the company ended at once (their company was disabled or deleted):
   * their sockets, in every process, are dropped.
   */
  "sessions.ended": { companyId: number; userIds: number[] };
  /** A user's online flag changed. */
  "user.status": { companyId: number; user: { id: number; name: string; online: boolean } };
  "setting.updated": { companyId: number; setting: Setting };
  /** A connection changed (fields, status, QR code). */
  "connection.updated": { companyId: number; connection: Connection };
  "connection.deleted": { companyId: number; connectionId: number };
  /**
   * A ticket was created or changed; `previousStatus` tells the list it left, `previousAccess` its
   * queue and user before the change (those who could open it then and no longer can are told it is gone).
   */
  "ticket.updated": { companyId: number; ticket: Ticket; previousStatus?: Ticket["status"]; previousAccess?: TicketAccessRef; activity?: TicketActivity };
  /** A ticket was deleted; its queue and user decide who is told. */
  "ticket.deleted": { companyId: number; ticketId: number; status: Ticket["status"] } & TicketAccessRef;
  /** A ticket's unread count dropped to zero (messages read). */
  "ticket.read": { companyId: number; ticketId: number } & TicketAccessRef;
  "message.created": { companyId: number; message: Message; ticket: Ticket };
  /** A message changed (ack, send status, deletion); `ticket` is what decides who is told. */
  "message.updated": { companyId: number; message: Message; ticket: { id: number; status: Ticket["status"] } & TicketAccessRef };
  "contact.updated": { companyId: number; contact: Contact };
  /** A user's profile, queues or allTicket may have changed: their sockets' visibility is derived again. */
  "user.access.changed": { companyId: number; userId: number };
  /** A contact import of `userId` handled `processed` of its `total` rows (told to that user only). */
  "contact.import.progress": { companyId: number; userId: number; processed: number; total: number };
  /**
   * A record of an administration list (users, contacts, queues, tags, quick replies, schedules) was
   * created, changed or deleted. `record` is the DTO the list shows (for a delete, at least its id).
   * With `userId` the event goes to that user's sockets only (a personal quick reply).
   */
  "record.changed": {
    companyId: number;
    channel: RecordChannel;
    action: "create" | "update" | "delete";
    record: { id: number };
    userId?: number;
  };
  /**
   * An announcement of the installation was created, changed or deleted (`announcement` as it is now, or
   * as it was for a delete). `previousStatus` (on an update) says whether it was active before, so that
   * those who may no longer see it are told it is gone.
   */
  "announcement.changed": { action: "create" | "update" | "delete"; announcement: Announcement; previousStatus?: boolean };
  /**
   * An internal chat was created or changed (title, members). `previousUserIds` (on an update) are its
   * members before the change: those added are told of a new chat, those removed that it is gone.
   */
  "chat.changed": { companyId: number; action: "create" | "update"; chat: Chat; previousUserIds?: number[] };
  /** An internal chat was deleted; `userIds` were its members. */
  "chat.deleted": { companyId: number; chatId: number; userIds: number[] };
  /** A message was written in a chat; `chat` is as it is after it (last message, every member's unread count). */
  "chat.message": { companyId: number; chat: Chat; message: ChatMessage };
  /**
   * An invoice of the company was paid (a settled Pix charge, or marked paid by a super user): the
   * company's due date is now `dueDate` and its plan `planId`.
   */
  "payment.confirmed": { companyId: number; invoiceId: number; dueDate: string | null; planId: number | null };
  /** An invoice was created, paid or cancelled: the company's /financeiro list shows it as it is now. */
  "invoice.changed": { companyId: number; invoice: Invoice };
  /** A pending ticket waited past its queue's SLA target: told once to `userIds` (the queue's admins). */
  "ticket.sla": { companyId: number; userIds: number[]; alert: SlaAlertPayload["alert"] };
  /** A member read a chat: their unread count is back to zero (told to that member only). */
  "chat.read": { companyId: number; userId: number; chat: Chat };
  /**
   * The simulated phone of a simulator connection changed: its state (no `number`), or the conversation
   * with `number` (a message either way, an ack, a read, a deletion). For the simulator's page only.
   */
  "simulator.changed": { companyId: number; connectionId: number; number?: string };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEventMap[K] } }[DomainEventName];

type Listener = (event: DomainEvent) => void;

/**
 * A synchronous in-process bus. Publish after the transaction that caused the event has committed.
 * A failing listener is reported and does not affect the publisher or the other listeners.
 */
export class DomainEvents {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly onListenerError: (error: unknown, event: DomainEvent) => void = () => undefined) {}

  publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    const event = { name, payload } as DomainEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
