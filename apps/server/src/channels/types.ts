import type { ConnectionProvider, ConnectionStatus, ErrorCode } from "@conversa/shared";

/**
 * The boundary between the messaging network and the product. A driver turns network events into
 * the normalised events below and performs sends; every business rule lives in the engine.
 */

/** What a driver needs to run one connection. */
export interface DriverConnection {
  id: number;
  companyId: number;
  name: string;
  provider: ConnectionProvider;
}

/** The kinds of inbound content. Anything else arrives as `unknown` with `rawType` and is stored as text. */
export const INBOUND_KINDS = ["chat", "image", "audio", "video", "document", "location", "vcard", "call_log", "sticker", "unknown"] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

export interface InboundMedia {
  mimetype: string;
  filename?: string;
  /** Downloads the content; throws when the network no longer has it. */
  download(): Promise<Buffer>;
}

export interface InboundMessage {
  connectionId: number;
  companyId: number;
  /** The network's id of this message, unique per connection. */
  wid: string;
  /** Sent from the company's own phone (not through Conversa). */
  fromMe: boolean;
  /** The conversation: a person or a group. `number` is digits only for people, the group id for groups. */
  chat: { number: string; isGroup: boolean; name?: string };
  /** Who wrote it: the customer, or the participant in a group. */
  sender: { number: string; name?: string };
  timestamp: Date;
  kind: InboundKind;
  /** Text, caption, or a readable rendering of the content (e.g. the vcard's name). */
  body: string;
  /** The network's own kind when `kind` is `unknown`. */
  rawType?: string;
  media?: InboundMedia;
  /** Network id of the message this one replies to. */
  quotedWid?: string;
  location?: { latitude: number; longitude: number; description?: string };
  vcard?: { name: string; numbers: string[]; raw: string };
  call?: { status: string; isVideo: boolean };
  profilePicUrl?: string;
}

export interface OutboundMedia {
  /** Absolute path of the stored file. */
  path: string;
  mimetype: string;
  filename: string;
  /** Send audio as a voice note. */
  asVoice?: boolean;
}

/** An official-line template send: the approved template's name and language, and its body parameters in order. */
export interface OutboundTemplate {
  name: string;
  language: string;
  parameters: string[];
}

export interface OutboundMessage {
  /**
   * Stable id of this send (derived from the stored message id). A driver uses it as the network
   * message id where the network allows, so a send retried after a crash is not delivered twice.
   */
  idempotencyKey: string;
  /** Digits of a person, or a group id. */
  to: string;
  isGroup: boolean;
  body: string;
  media?: OutboundMedia;
  quoted?: { wid: string; fromMe: boolean; body: string; participant?: string | null };
  /** Official line only: send this template (`body` is its rendered text, for the record) instead of free text. */
  template?: OutboundTemplate;
}

/** A person of the phone's address book: digits-only number and the name the phone knows, if any. */
export interface PhoneContact {
  number: string;
  name?: string;
}

/** Events a driver reports; the channel manager persists them and hands messages to the engine. */
export type ChannelEvent =
  | {
      type: "status";
      connectionId: number;
      companyId: number;
      status: ConnectionStatus;
      qrcode?: string | null;
      number?: string | null;
      retries?: number;
      /** Why the session is DISCONNECTED, when the network said why (shown to the admin). */
      reason?: ErrorCode | null;
    }
  | { type: "message"; message: InboundMessage }
  | { type: "ack"; connectionId: number; companyId: number; wid: string; ack: number }
  /** The network gave up on a message it had accepted (the Cloud API's `failed` status): the message is failed with `reason`. */
  | { type: "send_failed"; connectionId: number; companyId: number; wid: string; reason: string };

export type ChannelEventSink = (event: ChannelEvent) => Promise<void>;

export class ChannelNotConnectedError extends Error {
  constructor(connectionId: number) {
    super(`connection ${connectionId} is not connected`);
    this.name = "ChannelNotConnectedError";
  }
}

/**
 * The network refused a send for good (the recipient cannot get it, the template is refused, its delivery is
 * unknown after an interruption): the message is failed at once with this readable reason, never retried.
 */
export class ChannelSendRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ChannelSendRejectedError";
  }
}

export interface ChannelDriver {
  readonly provider: ConnectionProvider;
  /** Starts or resumes a session: reports OPENING, then qrcode (or CONNECTED with stored credentials). */
  start(connection: DriverConnection): Promise<void>;
  /** Releases the session without logging out (shutdown, another process takes over). */
  stop(connectionId: number): Promise<void>;
  /** Logs out on the network and forgets the credentials; reports DISCONNECTED. */
  logout(connectionId: number): Promise<void>;
  /** Sends; throws ChannelNotConnectedError when the session is not connected, another Error on a network failure. */
  send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }>;
  /** Deletes a message for everyone. */
  deleteMessage(connectionId: number, target: { to: string; isGroup: boolean; wid: string; fromMe: boolean }): Promise<void>;
  /** Whether a number is on the network; `number` is the normalised number when it is. */
  checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }>;
  /** Tells the network the customer's messages were read (best effort). */
  markRead?(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void>;
  profilePictureUrl?(connectionId: number, number: string): Promise<string | null>;
  /**
   * The people of the connected phone's address book as far as the driver knows them (digits-only
   * numbers, no groups). Throws ChannelNotConnectedError when the session is not connected.
   */
  listContacts?(connectionId: number): Promise<PhoneContact[]>;
}
