import { timingSafeEqual } from "node:crypto";
import { type CloudTemplateSend, CONNECTION_TOKEN_LIMITS, EXTERNAL_API_LIMITS, type ExternalSendResponse } from "@conversa/shared";
import { CLOUD_PROVIDER } from "../../channels/cloud/cloud-connections.ts";
import { ChannelNotConnectedError, type OutboundTemplate } from "../../channels/types.ts";
import { assertMaySend } from "../../engine/cloud-window.ts";
import type { Db } from "../../db/client.ts";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import { activeTicket } from "../../engine/inbound.ts";
import { queueOutboundMessage } from "../../engine/outbound.ts";
import { AppError } from "../../lib/app-error.ts";
import { hitRateLimits, secondsUntilOpen } from "../../db/rate-limit.ts";
import type { StoredMedia } from "../../media/media-store.ts";
import { checkedTemplateSend } from "../cloud-templates/index.ts";
import { loadContacts } from "../contacts/index.ts";
import { findOrCreateContact, findTokenCandidate, officialLineWindowOf } from "./external-api.repository.ts";

/** Who calls the external API: the connection its bearer token names, and that connection's company. No user. */
export interface ApiClient {
  companyId: number;
  connectionId: number;
}

const FAILED_AUTH = { max: EXTERNAL_API_LIMITS.failedAuthPerWindow, windowMs: EXTERNAL_API_LIMITS.failedAuthWindowMs };
const SENDS = { max: EXTERNAL_API_LIMITS.sendsPerWindow, windowMs: EXTERNAL_API_LIMITS.windowMs };

const sameToken = (stored: string, presented: string): boolean => {
  const a = Buffer.from(stored, "utf8");
  const b = Buffer.from(presented, "utf8");
  // Lengths differ: compare with itself so the work done does not depend on where they differ.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(b, b);
};

const invalidToken = () => new AppError("ERR_INVALID_API_TOKEN", undefined, "Invalid or missing API token");

/**
 * Identifies the caller of the external API by the connection token it presents (`Authorization: Bearer`).
 * The token must be one connection's (at most one has it; compared in constant time), whose company is enabled and
 * not past its due date. An address with too many failed tokens in a row is refused for a while, so tokens
 * cannot be guessed. Throws ERR_INVALID_API_TOKEN, ERR_RATE_LIMITED, ERR_COMPANY_DISABLED, ERR_SUBSCRIPTION_EXPIRED.
 */
export async function authenticateApiClient(db: Db, token: string | undefined, address: string, now = new Date()): Promise<ApiClient> {
  const failure = { name: "external-api.auth-failure", subject: address, rule: FAILED_AUTH };
  const retryAfter = await secondsUntilOpen(db, failure, now);
  if (retryAfter > 0) throw new AppError("ERR_RATE_LIMITED", { retryAfter }, `Too many invalid tokens from this address; retry in ${retryAfter} s`);
  // A token shorter than any a connection may have is not looked up (those of before the rule were replaced).
  const candidate = token && token.length >= CONNECTION_TOKEN_LIMITS.min ? await findTokenCandidate(db, token) : undefined;
  const match = candidate && token && sameToken(candidate.token, token) ? candidate : undefined;
  if (!match) {
    await hitRateLimits(db, [failure], now).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === "ERR_RATE_LIMITED")) throw error;
    });
    throw invalidToken();
  }
  if (!match.companyStatus) throw new AppError("ERR_COMPANY_DISABLED", undefined, "The company is disabled");
  if (match.companyDueDate && match.companyDueDate.getTime() < now.getTime()) throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: match.companyDueDate.toISOString() });
  return { companyId: match.companyId, connectionId: match.connectionId };
}

/** Counts one send of the connection; refuses past the limit per token. Throws ERR_RATE_LIMITED (details.retryAfter). */
export async function countExternalSend(db: Db, client: ApiClient, now = new Date()): Promise<void> {
  await hitRateLimits(db, [{ name: "external-api.send", subject: String(client.connectionId), rule: SENDS }], now);
}

/** The number as the network knows it. Throws ERR_WAPP_INVALID_CONTACT, ERR_WAPP_NOT_INITIALIZED (connection not connected). */
async function checkedNumber(deps: EngineDeps, client: ApiClient, number: string): Promise<string> {
  let result: { exists: boolean; number?: string };
  try {
    result = await deps.channels.checkNumber(client.connectionId, number);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ChannelNotConnectedError) throw new AppError("ERR_WAPP_NOT_INITIALIZED", undefined, "The connection is not connected");
    deps.log.warn({ err: error, connectionId: client.connectionId }, "number check failed");
    throw new AppError("ERR_WAPP_CHECK_CONTACT", undefined, "The number could not be checked on the network");
  }
  if (!result.exists) throw new AppError("ERR_WAPP_INVALID_CONTACT", undefined, "This number is not on WhatsApp");
  return (result.number ?? number).replace(/\D/g, "") || number;
}

export interface ExternalSend {
  number: string;
  body: string;
  media: StoredMedia[];
  /** Official line only: an approved template instead of the text. */
  template?: CloudTemplateSend;
  /** Told of each file of `media` once a stored message refers to it (see `removingUnkeptFiles`). */
  keep?: (file: StoredMedia) => void;
}

/**
 * The official line's rules, checked before anything is stored: a template only on a `cloud` connection
 * and as synced; a free-form send only inside the window of the contact's active ticket there (a contact
 * without one has no open window). Answers the template send, if any.
 * Throws ERR_CLOUD_TEMPLATE_UNSUPPORTED, the template's errors, ERR_CLOUD_WINDOW_CLOSED.
 */
async function checkedOfficialLine(deps: EngineDeps, client: ApiClient, number: string, input: ExternalSend): Promise<{ body: string; template: OutboundTemplate } | undefined> {
  const line = await officialLineWindowOf(deps.db, client.companyId, client.connectionId, number);
  if (input.template) {
    if (line.provider !== CLOUD_PROVIDER) throw new AppError("ERR_CLOUD_TEMPLATE_UNSUPPORTED");
    return checkedTemplateSend(deps.db, client.companyId, client.connectionId, input.template);
  }
  assertMaySend(line, nowOf(deps), undefined);
  return undefined;
}

/**
 * Sends a message from outside through the token's connection (spec engine §8): the number is checked on
 * the network, the company's contact with it found or created, the contact's open or pending ticket on
 * this connection reused or a pending one created, and the message stored and queued like any outbound
 * send (the conversation shows it live, to those who may open the ticket). With files, the text is the
 * first file's caption. Throws ERR_WAPP_INVALID_CONTACT, ERR_WAPP_CHECK_CONTACT, ERR_WAPP_NOT_INITIALIZED, and on the
 * official line ERR_CLOUD_WINDOW_CLOSED (free-form outside the window; nothing stored) or a template's errors.
 */
export async function sendExternalMessage(deps: EngineDeps, client: ApiClient, input: ExternalSend): Promise<ExternalSendResponse> {
  const number = await checkedNumber(deps, client, input.number);
  const template = await checkedOfficialLine(deps, client, number, input);
  const contact = await findOrCreateContact(deps.db, client.companyId, number, client.connectionId);
  if (contact.created) {
    const [record] = await loadContacts(deps.db, client.companyId, [contact.id]);
    if (record) deps.events.publish("record.changed", { companyId: client.companyId, channel: "contact", action: "create", record });
  }
  const { ticket, created } = await activeTicket(deps.db, client.companyId, contact.id, client.connectionId, contact.isGroup, nowOf(deps));
  const body = input.body.trim();
  const ids: number[] = [];
  const refuse = { outsideWindow: "refuse" } as const;
  if (template) {
    ids.push((await queueOutboundMessage(deps, { companyId: client.companyId, ticketId: ticket.id, body: template.body, userId: null, template: template.template }, refuse)).id);
  } else if (input.media.length === 0) {
    ids.push((await queueOutboundMessage(deps, { companyId: client.companyId, ticketId: ticket.id, body, userId: null }, refuse)).id);
  } else {
    for (const [index, media] of input.media.entries()) {
      ids.push((await queueOutboundMessage(deps, { companyId: client.companyId, ticketId: ticket.id, body: index === 0 ? body : "", userId: null, media }, refuse)).id);
      input.keep?.(media);
    }
  }
  return { message: "Message queued for sending", messageId: ids[0]!, messageIds: ids, ticketId: ticket.id, contactId: contact.id, ticketCreated: created };
}
