import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_EVENT, CLIENT_EVENTS, COMPANY_CHANNELS, type CompanyChannel, SERVER_EVENTS, TICKET_STATUSES, ZUserListItem, chatUserEvent } from "@conversa/shared";
import { buildTestApp } from "../../test/build-test-app.ts";
import { inbound } from "../../test/engine-harness.ts";
import { DEFAULT_PASSWORD, bearer, createSimulatorConnection, createUser, loginAs } from "../../test/factories.ts";
import {
  announcements as announcementsTable,
  chatUsers as chatUsersTable,
  connections as connectionsTable,
  helps as helpsTable,
  plans as plansTable,
  simulatorMessages as simulatorMessagesTable,
  tags as tagsTable,
  tickets as ticketsTable,
  users as usersTable,
} from "../db/schema/index.ts";
import { handleInboundMessage } from "../engine/inbound.ts";
import { INSTALLATION_MEDIA } from "../media/media-store.ts";
import { PNG, multipartFile } from "../modules/queues/upload-fixtures.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { snapshotCompany } from "./company-snapshot.ts";
import { VALID_BODIES, buildRequest } from "./route-requests.ts";
import {
  ACCOUNT_NAMES,
  type Account,
  type AccountName,
  type SeededCompany,
  type SeededTicket,
  TEAM_CHAT_MARKER,
  TICKET_NAMES,
  type TicketState,
  freshNumber,
  mayOpen,
  seedCompanyWithQueues,
  throwaway,
} from "./seed-company-queues.ts";

/*
 * The intra-company sweep (issue 12): one company with two queues and an account of every kind; every
 * route of the route table and every socket channel is checked against the visibility rule of spec
 * core §5 and the roles of §6. A route or a channel that no rule below covers fails the sweep.
 */

const t = await buildTestApp();
const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;
const ROUTES = new Map(t.app.routeTable.map((route) => [keyOf(route), route]));

/** What a route is allowed to do, and to whom. */
type RuleKind =
  | "public" // no session, shows nothing of a company
  | "own-session" // any account, about its own session only
  | "company-read" // every staff member reads the company's list (with field rules for user-profile accounts)
  | "staff-write" // every staff member may write the company's shared record (contacts, own quick replies)
  | "admin-only" // admins and super users; user-profile and supervisor accounts get 403
  | "distribution" // stores, rules, queue distribution configs and metrics, the kanban lanes' order: admins and supervisors; user-profile accounts get 403
  | "super-only" // the installation's administration (plans, help videos, announcements, installation settings, companies): super users only; admins and user-profile accounts get 403
  | "installation-read" // the installation's records every logged-in account of every company reads (help videos)
  | "announcement" // the installation's announcements and their pictures: every account reads the active ones, only super users the inactive ones
  | "ticket" // names a ticket, or a message, note or media of one: allowed iff the account may open that ticket
  | "ticket-list" // lists tickets: never shows a ticket the account may not open
  | "new-ticket" // a user-profile account opens tickets only in its own queues
  | "users" // self-or-admin, and super users are changed only by super users
  | "quick-reply" // personal replies: owner only; shared: everyone reads, owner and admins change
  | "schedule" // admins all; others their own and those of contacts they may reach
  | "simulator" // the simulated customers, who see every conversation whatever its queue: admins of the connection's company; everyone else gets 403
  | "simulator-phone" // the simulated phone (pairing, failures): admins of the connection's company; everyone else gets 403
  | "simulator-media" // the simulated phone's copy of media, of any conversation: admins of the company; everyone else gets 403
  | "connection-token" // the external API: opened by a connection's token, never by an account's session (its messages then follow the ticket rule: external-api.test.ts)
  | "chat"; // internal chats: every account lists its own and opens new ones; members only read and write one (admins no exception); its owner only edits or deletes it

/** Every route of the route table, with its rule. A route missing here fails the sweep. */
const RULES: Record<string, RuleKind> = {
  "GET /version": "public",
  "GET /health": "public",
  "POST /auth/login": "public",
  "POST /auth/refresh_token": "public",
  "DELETE /auth/logout": "own-session",
  "GET /auth/me": "own-session",
  "POST /auth/2fa/setup": "own-session",
  "POST /auth/2fa/enable": "own-session",
  "POST /auth/2fa/disable": "own-session",
  "GET /settings": "company-read",
  "PUT /settings/:key": "admin-only",
  "GET /companies/listPlan/:companyId": "company-read",
  "GET /companies/:id": "company-read",
  "PUT /companies/:id/schedules": "admin-only",
  "GET /companies/storage": "admin-only",
  "GET /companies": "super-only",
  "GET /companies/list": "super-only",
  "POST /companies": "super-only",
  "PUT /companies/:id": "super-only",
  "DELETE /companies/:id": "super-only",
  "GET /plans/list": "public",
  "GET /plans/:id": "company-read",
  "POST /forgetpassword/:email": "public",
  "POST /resetpasswords/:email/:token/:newPassword": "public",
  "GET /companies/cadastro": "public",
  "POST /companies/cadastro": "public",
  "GET /installation-settings": "super-only",
  "GET /audit-logs": "admin-only",
  "GET /audit-logs/export": "admin-only",
  "PUT /installation-settings/:key": "super-only",
  "GET /plans/all": "super-only",
  "POST /plans": "super-only",
  "PUT /plans/:id": "super-only",
  "DELETE /plans/:id": "super-only",
  "GET /helps": "installation-read",
  "GET /helps/list": "installation-read",
  "POST /helps": "super-only",
  "PUT /helps/:id": "super-only",
  "DELETE /helps/:id": "super-only",
  "GET /announcements": "announcement",
  "GET /announcements/:id": "announcement",
  "POST /announcements": "super-only",
  "PUT /announcements/:id": "super-only",
  "DELETE /announcements/:id": "super-only",
  "POST /announcements/:id/media-upload": "super-only",
  "DELETE /announcements/:id/media-upload": "super-only",
  "GET /media/announcements/:fileName": "announcement",
  "GET /messages/:ticketId": "ticket",
  "POST /messages/:ticketId": "ticket",
  "DELETE /messages/:id": "ticket",
  "POST /messages/:id/retry": "ticket",
  "GET /media/:fileName": "ticket",
  "GET /tickets": "ticket-list",
  "GET /tickets/:id": "ticket",
  "GET /tickets/u/:uuid": "ticket",
  "POST /tickets": "new-ticket",
  "PUT /tickets/:id": "ticket",
  "DELETE /tickets/:id": "admin-only",
  "GET /tags": "company-read",
  "GET /tags/list": "company-read",
  "GET /tags/kanban": "company-read",
  "PUT /tags/kanban/order": "distribution",
  "GET /tags/:id": "company-read",
  "POST /tags": "admin-only",
  "GET /prompt": "admin-only",
  "GET /prompt/:id": "admin-only",
  "POST /prompt": "admin-only",
  "PUT /prompt/:id": "admin-only",
  "DELETE /prompt/:id": "admin-only",
  "POST /prompt/:id/test": "admin-only",
  "GET /queueIntegration": "admin-only",
  "GET /queueIntegration/:id": "admin-only",
  "POST /queueIntegration": "admin-only",
  "PUT /queueIntegration/:id": "admin-only",
  "DELETE /queueIntegration/:id": "admin-only",
  "POST /queueIntegration/testSession": "admin-only",
  "PUT /tags/:id": "admin-only",
  "DELETE /tags/:id": "admin-only",
  "POST /tags/sync": "ticket",
  "GET /ticket/kanban": "ticket-list",
  "PUT /ticket-tags/:ticketId/:tagId": "ticket",
  "DELETE /ticket-tags/:ticketId": "ticket",
  "GET /ticket-notes/list": "ticket",
  "POST /ticket-notes": "ticket",
  "DELETE /ticket-notes/:id": "ticket",
  "GET /distribution-logs": "ticket",
  "GET /quick-messages": "quick-reply",
  "GET /quick-messages/list": "quick-reply",
  "GET /quick-messages/:id": "quick-reply",
  "POST /quick-messages": "staff-write",
  "PUT /quick-messages/:id": "quick-reply",
  "DELETE /quick-messages/:id": "quick-reply",
  "POST /quick-messages/:id/media-upload": "quick-reply",
  "DELETE /quick-messages/:id/media-upload": "quick-reply",
  "GET /users/list": "company-read",
  "GET /users": "admin-only",
  "GET /users/:id": "users",
  "POST /users": "admin-only",
  "PUT /users/:id": "users",
  "DELETE /users/:id": "users",
  "DELETE /users/:id/2fa": "users",
  "GET /contacts": "company-read",
  "GET /contacts/list": "company-read",
  "GET /contacts/export": "company-read",
  "GET /contacts/:id": "company-read",
  "POST /contacts": "staff-write",
  "PUT /contacts/:id": "staff-write",
  "DELETE /contacts/:id": "admin-only",
  "GET /contacts/:id/export": "admin-only",
  "POST /contacts/:id/erase": "admin-only",
  "POST /contacts/upload": "staff-write",
  "POST /contacts/import": "staff-write",
  "GET /whatsapp": "company-read",
  "GET /whatsapp/:id": "company-read",
  "GET /whatsapp/:whatsappId/templates": "company-read",
  "POST /whatsapp": "admin-only",
  "PUT /whatsapp/:id": "admin-only",
  "DELETE /whatsapp/:id": "admin-only",
  "POST /whatsappsession/:id": "admin-only",
  "PUT /whatsappsession/:id": "admin-only",
  "DELETE /whatsappsession/:id": "admin-only",
  "GET /queue": "company-read",
  "GET /queue/:id": "admin-only",
  "POST /queue": "admin-only",
  "PUT /queue/:id": "admin-only",
  "DELETE /queue/:id": "admin-only",
  "POST /queue/:id/media-upload": "admin-only",
  "DELETE /queue/:id/media-upload": "admin-only",
  "GET /queue-options": "admin-only",
  "POST /queue-options": "admin-only",
  "PUT /queue-options/:id": "admin-only",
  "DELETE /queue-options/:id": "admin-only",
  "POST /queue-options/:id/media-upload": "admin-only",
  "DELETE /queue-options/:id/media-upload": "admin-only",
  "GET /queue/metrics": "distribution",
  "GET /queue/:id/metrics": "distribution",
  "GET /queue/:id/config": "distribution",
  "PUT /queue/:id/config": "distribution",
  "GET /queue/:id/users": "distribution",
  "GET /stores": "distribution",
  "POST /stores": "distribution",
  "PUT /stores/:id": "distribution",
  "DELETE /stores/:id": "distribution",
  "GET /stores/:id/rules": "distribution",
  "GET /stores/:id/rules/preview": "distribution",
  "POST /stores/:id/rules": "distribution",
  "PUT /stores/:id/rules/:ruleId": "distribution",
  "DELETE /stores/:id/rules/:ruleId": "distribution",
  "PUT /stores/:id/rules/:ruleId/reset-rr": "distribution",
  "GET /schedules": "schedule",
  "GET /schedules/:id": "schedule",
  "POST /schedules": "schedule",
  "PUT /schedules/:id": "schedule",
  "DELETE /schedules/:id": "schedule",
  "POST /schedules/:id/media-upload": "schedule",
  "DELETE /schedules/:id/media-upload": "schedule",
  "GET /contact-lists": "admin-only",
  "GET /contact-lists/list": "admin-only",
  "GET /contact-lists/:id": "admin-only",
  "POST /contact-lists": "admin-only",
  "PUT /contact-lists/:id": "admin-only",
  "DELETE /contact-lists/:id": "admin-only",
  "POST /contact-lists/:id/upload": "admin-only",
  "GET /contact-list-items": "admin-only",
  "GET /contact-list-items/:id": "admin-only",
  "POST /contact-list-items": "admin-only",
  "PUT /contact-list-items/:id": "admin-only",
  "DELETE /contact-list-items/:id": "admin-only",
  "GET /campaigns": "admin-only",
  "GET /campaigns/:id": "admin-only",
  "GET /campaigns/:id/shipping": "admin-only",
  "GET /campaigns/:id/recipients": "admin-only",
  "GET /campaigns/:id/recipients/export": "admin-only",
  "POST /campaigns": "admin-only",
  "PUT /campaigns/:id": "admin-only",
  "DELETE /campaigns/:id": "admin-only",
  "POST /campaigns/:id/cancel": "admin-only",
  "POST /campaigns/:id/restart": "admin-only",
  "POST /campaigns/:id/pause": "admin-only",
  "POST /campaigns/:id/resume": "admin-only",
  "POST /campaigns/:id/test-send": "admin-only",
  "POST /campaigns/:id/media-upload": "admin-only",
  "DELETE /campaigns/:id/media-upload": "admin-only",
  "GET /campaign-settings": "admin-only",
  "POST /campaign-settings": "admin-only",
  "GET /campaign-settings/pacing/:whatsappId": "admin-only",
  "PUT /campaign-settings/pacing/:whatsappId": "admin-only",
  "POST /files": "admin-only",
  "PUT /files/:id": "admin-only",
  "DELETE /files/:id": "admin-only",
  "POST /files/uploadList/:id": "admin-only",
  "GET /files": "company-read",
  "GET /files/:id": "company-read",
  "GET /chats": "chat",
  "GET /chats/:id": "chat",
  "POST /chats": "chat",
  "PUT /chats/:id": "chat",
  "DELETE /chats/:id": "chat",
  "POST /chats/:id/read": "chat",
  "GET /chats/:id/messages": "chat",
  "POST /chats/:id/messages": "chat",
  "GET /dashboard": "admin-only",
  "GET /invoices/all": "admin-only",
  "GET /subscription": "admin-only",
  "POST /subscription/invoice": "admin-only",
  "POST /subscription": "admin-only",
  "POST /payment-simulator/charges/:txid/pay": "admin-only",
  "GET /billing/invoices": "super-only",
  "POST /billing/invoices/:id/mark-paid": "super-only",
  "POST /billing/invoices/:id/cancel": "super-only",
  "POST /webhooks/pix/:provider": "public",
  "POST /webhooks/pix/:provider/pix": "public",
  "GET /webhooks/whatsapp-cloud/:webhookKey": "public",
  "POST /webhooks/whatsapp-cloud/:webhookKey": "public",
  "GET /dashboard/ticketsDay": "admin-only",
  "GET /dashboard/ticketsUsers": "admin-only",
  "GET /simulator/connections": "simulator",
  "POST /simulator/connections/:id/scan": "simulator-phone",
  "POST /simulator/connections/:id/messages": "simulator",
  "POST /simulator/connections/:id/messages/batch": "simulator",
  "GET /simulator/connections/:id/chats": "simulator",
  "GET /simulator/connections/:id/chats/:number/messages": "simulator",
  "POST /simulator/connections/:id/chats/:number/read": "simulator",
  "POST /simulator/connections/:id/disconnect": "simulator-phone",
  "PUT /simulator/connections/:id/sends": "simulator-phone",
  "GET /simulator/media/:messageId": "simulator-media",
  "POST /api/messages/send": "connection-token",
  "GET /api/openapi.json": "public",
};

/** Why each public route needs no session. */
const PUBLIC_REASONS: Record<string, string> = {
  "GET /version": "the build's version, the same for everyone",
  "GET /health": "liveness and database check for the load balancer",
  "GET /api/openapi.json": "the API's description, the same for every installation of this version: routes and schemas, nothing of any company",
  "POST /auth/login": "opens a session: nothing to scope before it",
  "POST /auth/refresh_token": "reads its own refresh cookie, answers only that user",
  "GET /plans/list": "the plans the sign-up page offers a visitor: plan fields only, nothing of any company",
  "POST /forgetpassword/:email": "mails a reset code to the account's own address only; answers whether the e-mail exists (spec admin §8), rate-limited",
  "POST /resetpasswords/:email/:token/:newPassword": "sets a password only with the code mailed to that account; answers no record",
  "GET /companies/cadastro": "whether public sign-up is open: one boolean of the installation",
  "POST /companies/cadastro": "public sign-up: creates a company of its own, rate-limited per address",
  "POST /webhooks/pix/:provider": "a payment provider's confirmation: authenticated by the provider's secret or signature, answers only how many payments it settled",
  "POST /webhooks/pix/:provider/pix": "the same confirmation at the path EFI appends /pix to",
  "GET /webhooks/whatsapp-cloud/:webhookKey": "Meta's subscription handshake: echoes Meta's own challenge only with the connection's verify token, answers no record",
  "POST /webhooks/whatsapp-cloud/:webhookKey": "Meta's notifications of an official-line connection: accepted only signed with that connection's app secret, stored in that connection's company only, answers no record",
};

/** Routes whose answers rightly carry the contacts' names (the company's address book is every staff member's). */
const SHOWS_CONTACTS = new Set(["GET /contacts", "GET /contacts/list", "GET /contacts/export", "GET /contacts/:id"]);

/**
 * What a socket channel carries, and so who may receive it. Derived check: every channel of
 * COMPANY_CHANNELS must be here, and every event a socket receives must belong to one of them.
 */
type ChannelKind = "ticket" | "user" | "connection" | "company" | "own" | "quick-reply" | "schedule" | "chat" | "admins";
const CHANNEL_RULES: Record<CompanyChannel, { kind: ChannelKind; why: string }> = {
  ticket: { kind: "ticket", why: "a ticket's changes: only accounts that may open it" },
  appMessage: { kind: "ticket", why: "a ticket's messages: only accounts that may open it" },
  chat: { kind: "chat", why: "an internal chat's events: only its members (an admin only as a member); a member removed is told it is gone, then nothing" },
  user: { kind: "user", why: "attendants get only what GET /users/list gives them" },
  whatsapp: { kind: "connection", why: "connections: no pairing QR code to user-profile accounts" },
  whatsappSession: { kind: "connection", why: "connection sessions: no pairing QR code to user-profile accounts" },
  contact: { kind: "company", why: "the company's address book, which every staff member lists" },
  queue: { kind: "company", why: "the queue list every staff member reads" },
  tag: { kind: "company", why: "the tag list every staff member reads" },
  settings: { kind: "company", why: "the settings every staff member reads" },
  auth: { kind: "own", why: "the account's own session" },
  sla: { kind: "own", why: "an SLA alert, sent to the personal rooms of the queue's admins only" },
  quickmessage: { kind: "quick-reply", why: "a personal reply only to its owner, shared ones to everyone" },
  schedule: { kind: "schedule", why: "a schedule only to admins, its owner and those who may reach its contact" },
  payment: { kind: "company", why: "the company's renewal (CONCLUIDA with its new due date), which every staff member's session depends on" },
  invoice: { kind: "admins", why: "the company's invoices: its admins only, as GET /invoices/all" },
  prompt: { kind: "admins", why: "AI prompts: configured by admins only" },
  queueIntegration: { kind: "admins", why: "queue integrations: configured by admins only" },
  ContactList: { kind: "admins", why: "campaign contact lists (admins only): names and counts, nothing beyond the company's address book" },
  ContactListItem: { kind: "admins", why: "the contacts of campaign lists (admins only): nothing beyond the company's address book" },
  campaign: { kind: "admins", why: "campaigns and their progress (admins only): message texts and counts, no conversation" },
  file: { kind: "company", why: "the file lists every staff member lists" },
  simulator: { kind: "admins", why: "which simulator connection or conversation changed: the simulator (every conversation, whatever its queue) is its admins' only" },
};
/** Events outside the company channels. */
const OTHER_EVENTS: Record<string, string> = {
  [SERVER_EVENTS.ready]: "the socket's own handshake",
  [ANNOUNCEMENT_EVENT]: "the installation's announcements: active ones to every account, inactive ones to super users only",
};

const summary = { routes: ROUTES.size, rules: 0, socketChannels: 0, accounts: ACCOUNT_NAMES.length, requests: 0, socketEvents: 0, leaks: 0 };
const leaks: string[] = [];

let s: SeededCompany;
let accounts: Account[];
/** The markers every account must not see: tickets it may not open, other people's personal replies, the QR code. */
let forbidden: Map<AccountName, string[]>;
const TICKETS = () => TICKET_NAMES.map((name) => s.tickets[name]);

beforeAll(async () => {
  await t.platform.jobs.start();
  s = await seedCompanyWithQueues(t.app, t.db, t.platform.media);
  accounts = ACCOUNT_NAMES.map((name) => s.accounts[name]);
  forbidden = new Map(accounts.map((account) => [account.name, forbiddenMarkers(account)]));
}, 60_000);

afterAll(async () => {
  await t.platform.jobs.stop();
  await t.close();
});

function forbiddenMarkers(account: Account): string[] {
  const markers = TICKETS()
    .filter((ticket) => !mayOpen(account, ticket))
    .map((ticket) => ticket.marker);
  if (!mayOpen(account, { queueId: s.queues.suporte.id, userId: s.accounts.admin.id })) markers.push(s.history.marker);
  for (const quick of [s.quick.adminPersonal, s.quick.vendasPersonal]) if (quick.ownerId !== account.id) markers.push(quick.marker);
  if (!isAdmin(account)) markers.push("QRCODE-SECRET");
  if (!s.chat.memberIds.includes(account.id)) markers.push(TEAM_CHAT_MARKER);
  return markers;
}

interface Probe {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  query?: Record<string, string>;
  payload?: object;
  multipart?: boolean;
}

async function send(probe: Probe, token: string | undefined) {
  summary.requests += 1;
  const headers = token ? bearer(token) : {};
  if (probe.multipart) {
    const upload = multipartFile(token ?? "", { name: "probe.png", content: PNG, type: "image/png" });
    const { authorization: _unused, ...multipartHeaders } = upload.headers;
    return t.app.inject({ method: probe.method, url: probe.url, query: probe.query, payload: upload.payload, headers: { ...multipartHeaders, ...headers } });
  }
  return t.app.inject({ method: probe.method, url: probe.url, query: probe.query, headers, ...(probe.payload === undefined ? {} : { payload: probe.payload }) });
}

function errorOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && "error" in parsed && typeof parsed.error === "string" ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/** A case of a route: one account, one request, the expected outcome. */
interface Case {
  account: Account;
  probe: Probe;
  /** "allowed": 2xx; "allowed-any": anything but a refusal or a 5xx (the request may fail later for its own reasons); "refused": 403 ERR_NO_PERMISSION or 404. */
  expect: "allowed" | "allowed-any" | "refused";
  /** How a refusal must be answered, when it is not the default 403/404. */
  refusal?: { status: number; error: string }[];
  /** Texts the answer must contain when allowed (so that the check can fail). */
  contains?: string[];
  /** Texts the answer must never contain, beyond the account's forbidden markers. */
  never?: string[];
  what: string;
}

const DEFAULT_REFUSAL = [
  { status: 403, error: "ERR_NO_PERMISSION" },
  { status: 404, error: "*" },
];

/** Runs the cases of a route; refused writes must leave the company's rows unchanged. Returns the problems found. */
async function runCases(key: string, cases: Case[]): Promise<string[]> {
  const problems: string[] = [];
  const route = ROUTES.get(key)!;
  const refusedWrites = cases.filter((c) => c.expect === "refused" && route.method !== "GET");
  const others = cases.filter((c) => !refusedWrites.includes(c));
  const before = refusedWrites.length ? await snapshotCompany(t.db, s.company.id) : undefined;
  const run = async (c: Case) => {
    const response = await send(c.probe, c.account.token);
    const label = `${c.account.name} ${c.what}`;
    const answer = `${response.statusCode} ${response.body.slice(0, 160)}`;
    const seen = (forbidden.get(c.account.name) ?? []).concat(c.never ?? []).filter((marker) => response.body.includes(marker));
    if (seen.length && !(SHOWS_CONTACTS.has(key) && seen.every((marker) => !marker.startsWith("QRCODE") && !marker.includes("PERSONAL")))) {
      problems.push(`${label}: the answer shows ${seen.join(", ")}`);
      leaks.push(`${key} ${label}`);
    }
    if (response.statusCode >= 500) {
      problems.push(`${label}: ${answer}`);
      return;
    }
    const code = errorOf(response.body);
    const isRefusal = (c.refusal ?? DEFAULT_REFUSAL).some((r) => r.status === response.statusCode && (r.error === "*" || r.error === code));
    if (c.expect === "refused") {
      if (!isRefusal) {
        problems.push(`${label}: expected refusal, got ${answer}`);
        if (response.statusCode < 300) leaks.push(`${key} ${label}`);
      }
    } else if (c.expect === "allowed") {
      if (response.statusCode >= 300) problems.push(`${label}: expected 2xx, got ${answer}`);
      for (const text of c.contains ?? []) if (response.statusCode < 300 && !response.body.includes(text)) problems.push(`${label}: the answer lacks ${text}`);
    } else if (response.statusCode === 401 || (response.statusCode === 403 && code === "ERR_NO_PERMISSION") || response.statusCode === 404) {
      problems.push(`${label}: expected to be allowed, got ${answer}`);
    }
  };
  for (const c of refusedWrites) await run(c);
  if (before) {
    const after = await snapshotCompany(t.db, s.company.id);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length) problems.push(`refused requests changed rows of: ${changed.join(", ")}`);
  }
  for (const c of others) await run(c);
  if (problems.length && process.env.INTRA_VERBOSE) console.log(`${key}:\n  ${problems.join("\n  ")}`);
  return problems;
}

const isAdmin = (account: Account) => account.profile === "admin";
const users = () => accounts.filter((account) => !isAdmin(account));
const probeOf = (key: string, ownParams: Parameters<typeof buildRequest>[4] = {}): Probe => {
  const built = buildRequest(ROUTES.get(key)!, s.ids, s.ids, undefined, ownParams);
  // The dashboard needs a period, which its schema leaves optional.
  const query = key === "GET /dashboard" ? { ...built.query, days: "7" } : built.query;
  return { method: built.method as Probe["method"], url: built.url, query, payload: VALID_BODIES[key] ?? (built.body as object | undefined), multipart: built.multipart };
};
const later = (days = 3) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The requests of a ticket-scoped route for one ticket and one account (throwaway rows made for destructive ones). */
const TICKET_PROBES: Record<string, { allowed: Case["expect"]; contains?: boolean; probes: (ticket: SeededTicket, account: Account) => Promise<Probe[]> | Probe[] }> = {
  "GET /messages/:ticketId": { allowed: "allowed", contains: true, probes: (ticket) => [{ method: "GET", url: `/messages/${ticket.id}` }] },
  // An open ticket answers ERR_WAPP_NOT_INITIALIZED (queued: the connection is not paired), a pending one ERR_TICKET_NOT_OPEN.
  "POST /messages/:ticketId": { allowed: "allowed-any", probes: (ticket) => [{ method: "POST", url: `/messages/${ticket.id}`, payload: { body: "sweep probe" } }] },
  "DELETE /messages/:id": {
    allowed: "allowed",
    probes: async (ticket, account) => [{ method: "DELETE", url: `/messages/${await throwaway.message(t.db, s, ticket, account.id, "pending")}` }],
  },
  "POST /messages/:id/retry": {
    allowed: "allowed",
    probes: async (ticket, account) => [{ method: "POST", url: `/messages/${await throwaway.message(t.db, s, ticket, account.id, "failed")}/retry` }],
  },
  "GET /media/:fileName": { allowed: "allowed", probes: (ticket) => [{ method: "GET", url: `/media/${ticket.mediaFile}` }] },
  "GET /tickets/:id": { allowed: "allowed", contains: true, probes: (ticket) => [{ method: "GET", url: `/tickets/${ticket.id}` }] },
  "GET /tickets/u/:uuid": {
    allowed: "allowed",
    contains: true,
    probes: (ticket) => [
      { method: "GET", url: `/tickets/u/${ticket.uuid}` },
      { method: "GET", url: `/tickets/u/${ticket.id}` },
    ],
  },
  "PUT /tickets/:id": { allowed: "allowed", probes: (ticket) => [{ method: "PUT", url: `/tickets/${ticket.id}`, payload: {} }] },
  "POST /tags/sync": { allowed: "allowed", probes: (ticket) => [{ method: "POST", url: "/tags/sync", payload: { ticketId: ticket.id, tags: [{ id: ticket.tagId }] } }] },
  // A kanban move: the ticket goes to the admin's lane and back to 'Em aberto' (its own tag stays).
  "PUT /ticket-tags/:ticketId/:tagId": { allowed: "allowed", contains: true, probes: (ticket) => [{ method: "PUT", url: `/ticket-tags/${ticket.id}/${s.adminTag.id}` }] },
  "DELETE /ticket-tags/:ticketId": { allowed: "allowed", contains: true, probes: (ticket) => [{ method: "DELETE", url: `/ticket-tags/${ticket.id}` }] },
  "GET /ticket-notes/list": {
    allowed: "allowed",
    contains: true,
    probes: (ticket) => [{ method: "GET", url: "/ticket-notes/list", query: { ticketId: String(ticket.id), contactId: String(ticket.contactId) } }],
  },
  "POST /ticket-notes": { allowed: "allowed", probes: (ticket) => [{ method: "POST", url: "/ticket-notes", payload: { note: "sweep note", ticketId: ticket.id, contactId: ticket.contactId } }] },
  "DELETE /ticket-notes/:id": { allowed: "allowed", probes: async (ticket, account) => [{ method: "DELETE", url: `/ticket-notes/${await throwaway.note(t.db, s, ticket, account.id)}` }] },
  "GET /distribution-logs": { allowed: "allowed", contains: true, probes: (ticket) => [{ method: "GET", url: "/distribution-logs", query: { ticketId: String(ticket.id) } }] },
};

/** The seeded routing decisions into a queue whose customer text the account may read (the ticket's marker). */
const logMarkersTo = (account: Account, queueId: number | undefined) =>
  s.distributionLogs
    .filter((log) => queueId === undefined || log.toQueueId === queueId)
    .map((log) => s.tickets[log.ticket])
    .filter((ticket) => mayOpen(account, ticket))
    .map((ticket) => ticket.marker);

/**
 * GET /distribution-logs without a ticket (the logs tab, a rule's history): attendants are refused;
 * admins and supervisors get every decision, with the customer text only of the tickets they may open
 * (the forbidden markers of runCases): a supervisor of Vendas still sees the decisions about Suporte's tickets.
 */
function distributionLogListCases(): Case[] {
  const filters: Record<string, string>[] = [{}, { toQueueId: String(s.queues.vendas.id) }, { toQueueId: String(s.queues.suporte.id) }, { ruleId: String(s.ids.rule) }];
  return accounts.flatMap((account) =>
    filters.map((query): Case => {
      const what = `GET /distribution-logs?${new URLSearchParams(query).toString()}`;
      const probe: Probe = { method: "GET", url: "/distribution-logs", query };
      if (!mayDistribute(account)) return { account, probe, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what };
      const toQueueId = query.toQueueId === undefined ? undefined : Number(query.toQueueId);
      const listed = query.ruleId === undefined ? logMarkersTo(account, toQueueId) : [];
      const rows = query.ruleId === undefined && toQueueId !== s.queues.vendas.id ? ['"toQueueName":"Suporte"'] : [];
      return { account, probe, expect: "allowed", contains: [...listed, ...rows], what };
    }),
  );
}

async function ticketCases(key: string): Promise<Case[]> {
  const spec = TICKET_PROBES[key];
  if (!spec) throw new Error(`${key} has the rule "ticket" but no entry in TICKET_PROBES`);
  const cases: Case[] = [];
  for (const ticket of TICKETS()) {
    for (const account of accounts) {
      const allowed = mayOpen(account, ticket);
      for (const probe of await spec.probes(ticket, account)) {
        cases.push({
          account,
          probe,
          expect: allowed ? spec.allowed : "refused",
          contains: allowed && spec.contains ? [ticket.marker] : undefined,
          never: allowed ? undefined : [ticket.marker],
          what: `${probe.method} ${probe.url}${probe.query ? `?${new URLSearchParams(probe.query).toString()}` : ""} (ticket ${ticket.name})`,
        });
      }
    }
  }
  return cases;
}

function ticketListCases(key: string): Case[] {
  return key === "GET /ticket/kanban" ? kanbanCases() : inboxListCases();
}

function inboxListCases(): Case[] {
  const cases: Case[] = [];
  for (const account of accounts) {
    for (const status of [undefined, ...TICKET_STATUSES]) {
      for (const showAll of [undefined, "true", "false"]) {
        for (const searchParam of [undefined, "SECRET"]) {
          const query: Record<string, string> = {};
          if (status) query.status = status;
          if (showAll) query.showAll = showAll;
          if (searchParam) query.searchParam = searchParam;
          cases.push({ account, probe: { method: "GET", url: "/tickets", query }, expect: "allowed", what: `GET /tickets?${new URLSearchParams(query).toString()}` });
        }
      }
    }
    // What the account may open is listed (so the check above can fail).
    const visible = TICKETS().filter((ticket) => mayOpen(account, ticket));
    const query: Record<string, string> = isAdmin(account) ? { searchParam: "SECRET", showAll: "true" } : { searchParam: "SECRET" };
    cases.push({ account, probe: { method: "GET", url: "/tickets", query }, expect: "allowed", contains: visible.map((ticket) => ticket.marker), what: "GET /tickets lists what it may open" });
  }
  return cases;
}

/** The board (whole, 'Em aberto' and the admin's kanban tag's lane), with and without showAll and a queue filter. */
function kanbanCases(): Case[] {
  const cases: Case[] = [];
  const bothQueues = JSON.stringify([s.queues.vendas.id, s.queues.suporte.id]);
  for (const account of accounts) {
    const lanes: Record<string, string>[] = [{}, { untagged: "true" }, { tagId: String(s.adminTag.id) }];
    for (const lane of lanes) {
      for (const showAll of [undefined, "true", "false"]) {
        for (const queueIds of [undefined, bothQueues]) {
          const query: Record<string, string> = { ...lane };
          if (showAll) query.showAll = showAll;
          if (queueIds) query.queueIds = queueIds;
          cases.push({ account, probe: { method: "GET", url: "/ticket/kanban", query }, expect: "allowed", what: `GET /ticket/kanban?${new URLSearchParams(query).toString()}` });
        }
      }
    }
    // The seeded tickets (open or pending, no kanban tag) are on the board, in 'Em aberto': what the account may open is listed there.
    const visible = TICKETS().filter((ticket) => mayOpen(account, ticket));
    for (const lane of lanes.slice(0, 2)) {
      const query: Record<string, string> = isAdmin(account) ? { ...lane, showAll: "true" } : { ...lane };
      cases.push({ account, probe: { method: "GET", url: "/ticket/kanban", query }, expect: "allowed", contains: visible.map((ticket) => ticket.marker), what: `GET /ticket/kanban?${new URLSearchParams(query).toString()} lists what it may open` });
    }
  }
  return cases;
}

function companyReadCases(key: string): Case[] {
  const probe = probeOf(key);
  return accounts.map((account) => {
    const never: string[] = [];
    if (key === "GET /users/list" && !isAdmin(account)) never.push(...accounts.filter((other) => other.id !== account.id).map((other) => other.email));
    return { account, probe, expect: "allowed", never, what: `${probe.method} ${probe.url}` };
  });
}

async function adminOnlyCases(key: string): Promise<Case[]> {
  const cases: Case[] = [];
  for (const account of accounts) {
    // Tags are the admin's: each refused change gets a tag of its own, so that a wrong answer does not take the admin's tag away.
    const ownParams = key === "PUT /tags/:id" || key === "DELETE /tags/:id" ? { tag: (await throwawayTag()).id } : {};
    const probe = probeOf(key, ownParams);
    if (!isAdmin(account)) cases.push({ account, probe, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what: `${probe.method} ${probe.url}` });
    else if (probe.method === "GET") cases.push({ account, probe, expect: "allowed", what: `${probe.method} ${probe.url}` });
  }
  return cases;
}

/** Distribution is configured by admins and supervisors ("distribution:manage"). */
const mayDistribute = (account: Account) => account.profile === "admin" || account.profile === "supervisor";

/**
 * Distribution: attendants are refused; admins and supervisors read (their writes: the supervisor tests
 * below). A queue's metrics, asked of each queue, show its latest decisions with the customer text only
 * of the tickets the account may open.
 */
function distributionCases(key: string): Case[] {
  const probes: (Probe & { queueId?: number })[] =
    key === "GET /queue/:id/metrics" ? [s.queues.vendas.id, s.queues.suporte.id].map((id) => ({ ...probeOf(key), url: `/queue/${id}/metrics`, queueId: id })) : [probeOf(key)];
  return accounts.flatMap((account): Case[] =>
    probes.flatMap((probe): Case[] => {
      const what = `${probe.method} ${probe.url}`;
      if (!mayDistribute(account)) return [{ account, probe, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what }];
      const contains = probe.queueId === undefined ? undefined : logMarkersTo(account, probe.queueId);
      return probe.method === "GET" ? [{ account, probe, expect: "allowed", contains, what }] : [];
    }),
  );
}

/** What a super user's read of each installation list must show (so that the check can fail); the plan list shows the throwaway plan. */
const SUPER_READ_SHOWS: Record<string, string> = { "GET /installation-settings": "signupEnabled" };

/**
 * The installation's administration: every account but the super user is refused; the super user reads.
 * The companies routes aim at the seeded company itself (a refused change or delete must leave its rows as they were).
 */
async function superOnlyCases(key: string): Promise<Case[]> {
  const cases: Case[] = [];
  // A plan, a help video and an announcement of its own: the refused changes aim at them, and the super user's list must show the plan.
  const plan = await throwawayPlan();
  const help = await throwawayHelp();
  const announcement = await throwawayAnnouncement(true);
  // The companies and their invoices show the seeded company's name.
  const listed = SUPER_READ_SHOWS[key] ?? (key.includes(" /companies") || key === "GET /billing/invoices" ? s.company.name : plan.name);
  for (const account of accounts) {
    const built = probeOf(key);
    const url = built.url
      .replace(/^\/plans\/\d+$/, `/plans/${plan.id}`)
      .replace(/^\/helps\/\d+$/, `/helps/${help.id}`)
      .replace(/^\/announcements\/\d+/, `/announcements/${announcement.id}`);
    const probe = { ...built, url };
    const what = `${probe.method} ${probe.url}`;
    if (!account.isSuper) cases.push({ account, probe, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what });
    else if (probe.method === "GET") cases.push({ account, probe, expect: "allowed", contains: [listed], what });
  }
  return cases;
}

/** The help videos: every account reads them, and sees the one just written. */
async function installationReadCases(key: string): Promise<Case[]> {
  const help = await throwawayHelp();
  const probe = probeOf(key);
  return accounts.map((account) => ({ account, probe, expect: "allowed", contains: [help.title], what: `${probe.method} ${probe.url}` }));
}

/**
 * The announcements: every account reads the active one (in the list, by id, its picture); the inactive
 * one only the super user, and it is "not found" to the others, never shown.
 */
async function announcementCases(key: string): Promise<Case[]> {
  const active = await throwawayAnnouncement(true);
  const inactive = await throwawayAnnouncement(false);
  const cases: Case[] = [];
  for (const account of accounts) {
    if (key === "GET /announcements") {
      const probe: Probe = { method: "GET", url: "/announcements", query: { searchParam: "throwaway announcement" } };
      cases.push({ account, probe, expect: "allowed", contains: account.isSuper ? [active.title, inactive.title] : [active.title], never: account.isSuper ? [] : [inactive.title], what: "GET /announcements" });
      continue;
    }
    for (const announcement of [active, inactive]) {
      const probe: Probe = key === "GET /announcements/:id" ? { method: "GET", url: `/announcements/${announcement.id}` } : { method: "GET", url: `/media/announcements/${announcement.fileName}` };
      const may = announcement.status || account.isSuper;
      cases.push({
        account,
        probe,
        expect: may ? "allowed" : "refused",
        refusal: [{ status: 404, error: key === "GET /announcements/:id" ? "ERR_NO_ANNOUNCEMENT_FOUND" : "ERR_NOT_FOUND" }],
        contains: may && key === "GET /announcements/:id" ? [announcement.title] : undefined,
        never: may ? undefined : [announcement.title],
        what: `${probe.url} (${announcement.status ? "active" : "inactive"})`,
      });
    }
  }
  return cases;
}

let announcementCount = 0;
/** An announcement with a picture, written directly (the super-only writes are swept on their own). */
async function throwawayAnnouncement(status: boolean) {
  announcementCount += 1;
  const { fileName } = await t.platform.media.save(INSTALLATION_MEDIA, PNG, "aviso.png");
  const title = `A throwaway announcement ${announcementCount} ${status ? "ACTIVE" : "INACTIVE-SECRET"}`;
  const [row] = await t.db
    .insert(announcementsTable)
    .values({ title, text: "sweep", status, mediaPath: fileName, mediaName: "aviso.png" })
    .returning({ id: announcementsTable.id, title: announcementsTable.title, status: announcementsTable.status });
  return { ...row!, fileName };
}

let helpCount = 0;
async function throwawayHelp() {
  helpCount += 1;
  const [help] = await t.db.insert(helpsTable).values({ title: `A throwaway help ${helpCount}`, video: "dQw4w9WgXcQ" }).returning({ id: helpsTable.id, title: helpsTable.title });
  return help!;
}

let planCount = 0;
async function throwawayPlan() {
  planCount += 1;
  const [plan] = await t.db.insert(plansTable).values({ name: `throwaway plan ${planCount}` }).returning({ id: plansTable.id, name: plansTable.name });
  return plan!;
}

/**
 * The simulator, on a connection that was never started (so that nothing of the seeded one changes): only
 * admins play the customers and the phone (the answer may still be "not connected"); the media route asks for
 * the phone's copy of a picture the company sent on it. Everyone else is refused before anything is read.
 */
let simulatedCount = 0;
async function simulatorCases(key: string): Promise<Case[]> {
  const isMedia = RULES[key] === "simulator-media";
  const cases: Case[] = [];
  for (const account of accounts) {
    simulatedCount += 1;
    const spare = await createSimulatorConnection(t.db, { companyId: s.company.id, name: `Simulated ${simulatedCount}`, isDefault: false });
    const probe = probeOf(key, { connection: spare.id, ...(isMedia ? { simulatorMessage: await simulatorPicture(spare.id) } : {}) });
    const what = `${probe.method} ${probe.url}`;
    if (!isAdmin(account)) cases.push({ account, probe, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what });
    else cases.push({ account, probe, expect: isMedia ? "allowed" : "allowed-any", what });
  }
  return cases;
}

/** A picture the company sent to a simulated customer of the connection, as the simulator stores it: the id of its message. */
async function simulatorPicture(connectionId: number): Promise<number> {
  const { fileName } = await t.platform.media.save(s.company.id, PNG, "foto.png");
  const stored = await t.platform.media.resolve(s.company.id, fileName);
  const [row] = await t.db
    .insert(simulatorMessagesTable)
    .values({
      companyId: s.company.id,
      connectionId,
      direction: "out",
      customerNumber: freshNumber(),
      wid: `sweep-picture-${connectionId}`,
      kind: "image",
      body: "",
      media: { media: { mimetype: "image/png", filename: "foto.png", size: PNG.length, voice: false, path: stored?.path } },
      ack: 2,
    })
    .returning({ id: simulatorMessagesTable.id });
  return row!.id;
}

/**
 * The internal chats: every account lists its own chats and opens new ones; the seeded chat (the Vendas
 * attendant's, with the Suporte one) is read and written by its members only, the admins refused like
 * everyone else; edits and deletes aim at throwaway chats of the same shape (and one of the admin's, with
 * the all-tickets attendant), allowed to the owner only: 403 to a member, 404 to everyone else.
 */
async function chatCases(key: string): Promise<Case[]> {
  const chat = s.chat;
  const isMember = (account: Account, memberIds: readonly number[]) => memberIds.includes(account.id);
  const notFound = [{ status: 404, error: "ERR_NO_CHAT_FOUND" }];
  if (key === "GET /chats") {
    return accounts.map((account) => ({
      account,
      probe: { method: "GET", url: "/chats" },
      expect: "allowed",
      contains: isMember(account, chat.memberIds) ? [chat.marker] : undefined,
      what: "GET /chats",
    }));
  }
  if (key === "POST /chats") {
    return accounts.map((account) => {
      const other = accounts.find((candidate) => candidate.id !== account.id)!;
      return { account, probe: { method: "POST", url: "/chats", payload: { title: `sweep chat of ${account.name}`, users: [other.id] } }, expect: "allowed", what: `POST /chats with ${other.name}` };
    });
  }
  const cases: Case[] = [];
  if (key === "PUT /chats/:id" || key === "DELETE /chats/:id") {
    const bases = [
      { ownerId: chat.ownerId, memberIds: chat.memberIds, label: "the Vendas attendant's chat" },
      { ownerId: s.accounts.admin.id, memberIds: [s.accounts.admin.id, s.accounts.userAll.id], label: "the admin's chat" },
    ];
    for (const account of accounts) {
      for (const base of bases) {
        const made = await throwaway.chat(t.db, s, base.ownerId, base.memberIds, "throwaway chat");
        const others = base.memberIds.filter((id) => id !== base.ownerId);
        const probe: Probe = key === "PUT /chats/:id" ? { method: "PUT", url: `/chats/${made.id}`, payload: { title: "sweep edit", users: others } } : { method: "DELETE", url: `/chats/${made.id}` };
        const owner = account.id === base.ownerId;
        const member = isMember(account, base.memberIds);
        cases.push({
          account,
          probe,
          expect: owner ? "allowed" : "refused",
          refusal: member ? [{ status: 403, error: "ERR_NO_PERMISSION" }] : notFound,
          what: `${probe.method} ${probe.url} (${base.label})`,
        });
      }
    }
    return cases;
  }
  for (const account of accounts) {
    const member = isMember(account, chat.memberIds);
    const probes: Probe[] =
      key === "GET /chats/:id"
        ? [
            { method: "GET", url: `/chats/${chat.id}` },
            { method: "GET", url: `/chats/${chat.uuid}` },
          ]
        : key === "POST /chats/:id/read"
          ? [{ method: "POST", url: `/chats/${chat.id}/read`, payload: {} }]
          : key === "GET /chats/:id/messages"
            ? [{ method: "GET", url: `/chats/${chat.id}/messages` }]
            : [{ method: "POST", url: `/chats/${chat.id}/messages`, payload: { message: `sweep message of ${account.name}` } }];
    for (const probe of probes) {
      const reads = probe.method === "GET";
      cases.push({
        account,
        probe,
        expect: member ? "allowed" : "refused",
        refusal: notFound,
        contains: member && reads ? [chat.marker] : undefined,
        never: member ? undefined : [chat.marker],
        what: `${probe.method} ${probe.url} (the Vendas attendant's chat with the Suporte one)`,
      });
    }
  }
  return cases;
}

let tagCount = 0;
async function throwawayTag() {
  tagCount += 1;
  const response = await t.app.inject({ method: "POST", url: "/tags", headers: bearer(s.accounts.admin.token), payload: { name: `throwaway tag ${tagCount}` } });
  return response.json<{ id: number }>();
}

async function staffWriteCases(key: string): Promise<Case[]> {
  return accounts.map((account) => {
    const probe =
      key === "POST /contacts"
        ? { method: "POST" as const, url: "/contacts", payload: { name: `Staff contact ${account.name}`, number: freshNumber() } }
        : key === "PUT /contacts/:id"
          ? { method: "PUT" as const, url: `/contacts/${s.spareContact.id}`, payload: { name: "Spare contact", number: probeNumberOfSpare } }
          : key === "POST /quick-messages"
            ? { method: "POST" as const, url: "/quick-messages", payload: { shortcode: `own${account.name}`, message: "own reply", geral: false } }
            : probeOf(key);
    return { account, probe, expect: "allowed-any", what: `${probe.method} ${probe.url}` };
  });
}
let probeNumberOfSpare = "";

async function quickReplyCases(key: string): Promise<Case[]> {
  const bases = [s.quick.shared, s.quick.adminPersonal, s.quick.vendasPersonal];
  const cases: Case[] = [];
  if (key === "GET /quick-messages" || key === "GET /quick-messages/list") {
    const probe = probeOf(key);
    return accounts.map((account) => ({ account, probe, expect: "allowed", what: `${probe.method} ${probe.url}` }));
  }
  for (const account of accounts) {
    for (const base of bases) {
      const reads = key === "GET /quick-messages/:id";
      const mayRead = base.geral || base.ownerId === account.id;
      const mayChange = base.ownerId === account.id || (base.geral && isAdmin(account));
      const id = reads ? base.id : await throwaway.quickMessage(t.db, s, base.ownerId, base.geral);
      const kind = `${base.geral ? "shared" : "personal"} reply of ${base.ownerId === s.accounts.admin.id ? "admin" : "userVendas"}`;
      const probe: Probe =
        key === "GET /quick-messages/:id"
          ? { method: "GET", url: `/quick-messages/${id}` }
          : key === "PUT /quick-messages/:id"
            ? { method: "PUT", url: `/quick-messages/${id}`, payload: { shortcode: `edited${id}`, message: "edited", geral: base.geral } }
            : key === "DELETE /quick-messages/:id"
              ? { method: "DELETE", url: `/quick-messages/${id}` }
              : key === "POST /quick-messages/:id/media-upload"
                ? { method: "POST", url: `/quick-messages/${id}/media-upload`, multipart: true }
                : { method: "DELETE", url: `/quick-messages/${id}/media-upload` };
      cases.push({ account, probe, expect: (reads ? mayRead : mayChange) ? "allowed" : "refused", what: `${probe.method} ${probe.url} (${kind})` });
    }
  }
  return cases;
}

async function scheduleCases(key: string): Promise<Case[]> {
  const cases: Case[] = [];
  const ticketOf = (name: string) => s.tickets[name as keyof SeededCompany["tickets"]];
  if (key === "GET /schedules") {
    const query = { start: new Date(Date.now() - 86_400_000).toISOString(), end: later(30) };
    return accounts.map((account) => ({ account, probe: { method: "GET", url: "/schedules", query }, expect: "allowed", what: "GET /schedules" }));
  }
  if (key === "POST /schedules") {
    for (const account of accounts) {
      for (const ticket of TICKETS()) {
        const probe: Probe = { method: "POST", url: "/schedules", payload: { body: "sweep schedule", sendAt: later(), contactId: ticket.contactId } };
        cases.push({ account, probe, expect: mayOpen(account, ticket) ? "allowed" : "refused", what: `POST /schedules (contact of ticket ${ticket.name})` });
      }
    }
    return cases;
  }
  for (const account of accounts) {
    for (const base of s.schedules) {
      const ticket = ticketOf(base.ticket);
      const may = isAdmin(account) || base.ownerId === account.id || mayOpen(account, ticket);
      const id = key === "GET /schedules/:id" ? base.id : await throwaway.schedule(t.db, s, ticket, base.ownerId);
      const owner = accounts.find((a) => a.id === base.ownerId)!.name;
      const probe: Probe =
        key === "GET /schedules/:id"
          ? { method: "GET", url: `/schedules/${id}` }
          : key === "PUT /schedules/:id"
            ? { method: "PUT", url: `/schedules/${id}`, payload: { body: "sweep edit", sendAt: later(5), contactId: ticket.contactId } }
            : key === "DELETE /schedules/:id"
              ? { method: "DELETE", url: `/schedules/${id}` }
              : key === "POST /schedules/:id/media-upload"
                ? { method: "POST", url: `/schedules/${id}/media-upload`, multipart: true }
                : { method: "DELETE", url: `/schedules/${id}/media-upload` };
      cases.push({ account, probe, expect: may ? "allowed" : "refused", never: may ? undefined : [ticket.marker], what: `${probe.method} ${probe.url} (${owner}'s, ticket ${ticket.name})` });
    }
  }
  return cases;
}

function newTicketCases(): Case[] {
  const cases: Case[] = [];
  for (const account of accounts) {
    for (const [queueName, queueId] of [["Vendas", s.queues.vendas.id], ["Suporte", s.queues.suporte.id], ["no queue", null]] as const) {
      const allowed = isAdmin(account) || (queueId !== null && account.queueIds.includes(queueId));
      const contact = freshNumber();
      cases.push({
        account,
        probe: { method: "POST", url: "/tickets", payload: { contactId: 0, queueId, whatsappId: s.connection.id, status: "open" } },
        expect: allowed ? "allowed" : "refused",
        refusal: queueId === null ? [{ status: 403, error: "ERR_NO_PERMISSION" }, { status: 400, error: "ERR_VALIDATION" }] : [{ status: 403, error: "ERR_NO_PERMISSION" }],
        what: `POST /tickets in ${queueName} (contact ${contact})`,
      });
    }
  }
  return cases;
}

async function usersCases(key: string): Promise<Case[]> {
  const cases: Case[] = [];
  const superAccount = s.accounts.super;
  if (key === "GET /users/:id") {
    for (const account of accounts) {
      for (const target of accounts) {
        cases.push({ account, probe: { method: "GET", url: `/users/${target.id}` }, expect: isAdmin(account) || account.id === target.id ? "allowed" : "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what: `GET /users/{${target.name}}` });
      }
    }
    return cases;
  }
  if (key === "PUT /users/:id") {
    for (const account of accounts) {
      for (const target of accounts) {
        const allowed = account.id === target.id || (isAdmin(account) && (!target.isSuper || account.isSuper));
        cases.push({
          account,
          probe: { method: "PUT", url: `/users/${target.id}`, payload: { name: target.userName, email: target.email } },
          expect: allowed ? "allowed" : "refused",
          refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }],
          what: `PUT /users/{${target.name}} with its own name and e-mail`,
        });
      }
    }
    const victim = await makeUser("victim-put", { isSuper: true });
    const plainAdmin = s.accounts.admin;
    const refusedChange = (payload: object, what: string): Case => ({
      account: plainAdmin,
      probe: { method: "PUT", url: `/users/${victim.id}`, payload: { name: victim.name, email: victim.email, ...payload } },
      expect: "refused",
      refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }],
      what,
    });
    cases.push(
      refusedChange({ password: "Taken-over-1" }, "PUT /users/{a super user}: a new password"),
      refusedChange({ email: "taken-over@example.com" }, "PUT /users/{a super user}: a new e-mail"),
      refusedChange({ profile: "user" }, "PUT /users/{a super user}: demoted to user"),
      refusedChange({ super: false }, "PUT /users/{a super user}: super cleared"),
    );
    const plain = await makeUser("plain-target");
    cases.push({
      account: plainAdmin,
      probe: { method: "PUT", url: `/users/${plain.id}`, payload: { name: plain.name, email: plain.email, super: true } },
      expect: "refused",
      refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }],
      what: "PUT /users/{a user}: super set by a plain admin",
    });
    // The supervisor profile: given and taken by admins only; a supervisor changes no one's profile, their own included.
    const supervised = await makeUser("made-supervisor");
    const otherSupervisor = await makeUser("other-supervisor", { profile: "supervisor" });
    const supervisorProfile = (account: Account, target: { id: number; name: string; email: string }, profile: string, expect: "allowed" | "refused", what: string): Case => ({
      account,
      probe: { method: "PUT", url: `/users/${target.id}`, payload: { name: target.name, email: target.email, profile } },
      expect,
      refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }],
      what,
    });
    const supervisor = s.accounts.supervisor;
    cases.push(
      supervisorProfile(supervisor, { id: supervisor.id, name: supervisor.userName, email: supervisor.email }, "admin", "refused", "PUT /users/{the supervisor itself}: made admin by itself"),
      supervisorProfile(s.accounts.userVendas, { id: s.accounts.userVendas.id, name: s.accounts.userVendas.userName, email: s.accounts.userVendas.email }, "supervisor", "refused", "PUT /users/{itself}: made supervisor by an attendant"),
      supervisorProfile(plainAdmin, supervised, "supervisor", "allowed", "PUT /users/{a user}: made supervisor by an admin"),
      supervisorProfile(supervisor, otherSupervisor, "user", "refused", "PUT /users/{a supervisor}: made user by a supervisor"),
      supervisorProfile(superAccount, supervised, "user", "allowed", "PUT /users/{a supervisor}: made user by a super user"),
    );
    const promoted = await makeUser("promoted-by-super");
    cases.push({ account: superAccount, probe: { method: "PUT", url: `/users/${promoted.id}`, payload: { name: promoted.name, email: promoted.email, super: true } }, expect: "allowed", what: "PUT /users/{a user}: super set by a super user" });
    return cases;
  }
  if (key === "DELETE /users/:id/2fa") {
    // Targets with two-factor sign-in on, so that an allowed reset has something to reset.
    const withTwoFactor = async (label: string, options: { isSuper?: boolean } = {}) => {
      const target = await makeUser(label, options);
      await t.db.update(usersTable).set({ totpSecret: "sealed", totpEnabledAt: new Date(), recoveryCodes: [] }).where(eq(usersTable.id, target.id));
      return target;
    };
    for (const account of users()) {
      const target = await withTwoFactor(`reset-2fa-by-${account.name}`);
      cases.push({ account, probe: { method: "DELETE", url: `/users/${target.id}/2fa` }, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what: "DELETE /users/{another user}/2fa" });
    }
    const superTarget = await withTwoFactor("reset-2fa-super", { isSuper: true });
    cases.push({ account: s.accounts.admin, probe: { method: "DELETE", url: `/users/${superTarget.id}/2fa` }, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what: "DELETE /users/{a super user}/2fa by a plain admin" });
    cases.push({ account: superAccount, probe: { method: "DELETE", url: `/users/${superTarget.id}/2fa` }, expect: "allowed", what: "DELETE /users/{a super user}/2fa by a super user" });
    const plainTarget = await withTwoFactor("reset-2fa-plain");
    cases.push({ account: s.accounts.admin, probe: { method: "DELETE", url: `/users/${plainTarget.id}/2fa` }, expect: "allowed", what: "DELETE /users/{a user}/2fa by an admin" });
    return cases;
  }
  // DELETE /users/:id
  for (const account of users()) {
    const target = await makeUser(`delete-by-${account.name}`);
    cases.push({ account, probe: { method: "DELETE", url: `/users/${target.id}` }, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what: "DELETE /users/{another user}" });
  }
  const superVictim = await makeUser("victim-delete", { isSuper: true });
  cases.push({ account: s.accounts.admin, probe: { method: "DELETE", url: `/users/${superVictim.id}` }, expect: "refused", refusal: [{ status: 403, error: "ERR_NO_PERMISSION" }], what: "DELETE /users/{a super user} by a plain admin" });
  const superVictim2 = await makeUser("victim-delete-2", { isSuper: true });
  cases.push({ account: superAccount, probe: { method: "DELETE", url: `/users/${superVictim2.id}` }, expect: "allowed", what: "DELETE /users/{a super user} by a super user" });
  const plainVictim = await makeUser("plain-delete");
  cases.push({ account: s.accounts.admin, probe: { method: "DELETE", url: `/users/${plainVictim.id}` }, expect: "allowed", what: "DELETE /users/{a user} by an admin" });
  return cases;
}

async function makeUser(label: string, options: { isSuper?: boolean; profile?: "admin" | "supervisor" | "user" } = {}) {
  return createUser(t.db, { companyId: s.company.id, profile: options.isSuper ? "admin" : (options.profile ?? "user"), isSuper: options.isSuper ?? false, name: `Throwaway ${label}`, email: `intra-${label}@example.com` });
}

async function ownSessionCases(key: string): Promise<Case[]> {
  // Two-factor sign-in: every account may set up its own; enabling with a wrong code or disabling what is off fails for its own reasons.
  if (key === "POST /auth/2fa/setup") return accounts.map((account) => ({ account, probe: { method: "POST", url: key.slice(5) }, expect: "allowed", what: key }));
  if (key === "POST /auth/2fa/enable") return accounts.map((account) => ({ account, probe: { method: "POST", url: key.slice(5), payload: { code: "000000" } }, expect: "allowed-any", what: `${key} with a wrong code` }));
  if (key === "POST /auth/2fa/disable") {
    return accounts.map((account) => ({ account, probe: { method: "POST", url: key.slice(5), payload: { password: DEFAULT_PASSWORD, code: "000000" } }, expect: "allowed-any", what: `${key} while it is off` }));
  }
  if (key === "GET /auth/me") return accounts.map((account) => ({ account, probe: { method: "GET", url: "/auth/me" }, expect: "allowed", contains: [account.email], what: "GET /auth/me" }));
  // Logging out ends the caller's session: a throwaway account's, so that the sweep's sessions stay.
  const user = await makeUser("logout");
  const { token } = await loginAs(t.app, user.email);
  const account: Account = { name: "userNone", id: user.id, email: user.email, userName: user.name, token, profile: "user", isSuper: false, queueIds: [], allTicket: "desabled" };
  return [{ account, probe: { method: "DELETE", url: "/auth/logout" }, expect: "allowed", what: "DELETE /auth/logout (its own session)" }];
}

describe.sequential("one company with two queues and an account of every kind", () => {
  describe("the route table", () => {
    it("has a rule for every route, and every rule names a route", () => {
      summary.rules = Object.keys(RULES).length;
      expect([...ROUTES.keys()].filter((key) => !RULES[key]), "a new route that no rule covers").toEqual([]);
      expect(Object.keys(RULES).filter((key) => !ROUTES.has(key)), "a rule for a route the server no longer has").toEqual([]);
      expect(Object.keys(TICKET_PROBES).filter((key) => RULES[key] !== "ticket")).toEqual([]);
    });

    it("registers without the authentication hook only the public routes (finding 7: the simulator's too)", () => {
      const unauthenticated = [...ROUTES.values()].filter((route) => !route.isAuthenticated && !route.isTokenAuthenticated).map(keyOf);
      expect(unauthenticated.sort()).toEqual(Object.keys(PUBLIC_REASONS).sort());
      const byToken = [...ROUTES.values()].filter((route) => route.isTokenAuthenticated).map(keyOf);
      expect(Object.entries(RULES).filter(([, kind]) => kind === "connection-token").map(([key]) => key).sort()).toEqual(byToken.sort());
      expect(Object.entries(RULES).filter(([, kind]) => kind === "public").map(([key]) => key).sort()).toEqual(Object.keys(PUBLIC_REASONS).sort());
    });
  });

  describe("every route, by every account, against its rule", () => {
    const keys = Object.keys(RULES).filter((key) => RULES[key] !== "public");
    // A generous limit: the ticket lists send every status × showAll × search for each of the seven accounts, a few hundred requests.
    it.each(keys)("%s", async (key) => {
      const kind = RULES[key]!;
      if (!ROUTES.has(key)) throw new Error(`${key} is not a route of the server`);
      if (key === "PUT /contacts/:id") {
        const contact = await t.app.inject({ method: "GET", url: `/contacts/${s.spareContact.id}`, headers: bearer(s.accounts.admin.token) });
        probeNumberOfSpare = contact.json<{ number: string }>().number;
      }
      let cases: Case[];
      switch (kind) {
        case "ticket":
          cases = await ticketCases(key);
          if (key === "GET /distribution-logs") cases.push(...distributionLogListCases());
          break;
        case "ticket-list":
          cases = ticketListCases(key);
          break;
        case "company-read":
          cases = companyReadCases(key);
          break;
        case "admin-only":
          cases = await adminOnlyCases(key);
          break;
        case "distribution":
          cases = distributionCases(key);
          break;
        case "super-only":
          cases = await superOnlyCases(key);
          break;
        case "installation-read":
          cases = await installationReadCases(key);
          break;
        case "announcement":
          cases = await announcementCases(key);
          break;
        case "staff-write":
          cases = await staffWriteCases(key);
          break;
        case "quick-reply":
          cases = await quickReplyCases(key);
          break;
        case "schedule":
          cases = await scheduleCases(key);
          break;
        case "users":
          cases = await usersCases(key);
          break;
        case "own-session":
          cases = await ownSessionCases(key);
          break;
        case "new-ticket":
          cases = [];
          for (const c of newTicketCases()) {
            const contact = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(s.accounts.admin.token), payload: { name: "New ticket contact", number: freshNumber() } });
            cases.push({ ...c, probe: { ...c.probe, payload: { ...c.probe.payload, contactId: contact.json<{ id: number }>().id } } });
          }
          break;
        case "simulator":
        case "simulator-phone":
        case "simulator-media":
          cases = await simulatorCases(key);
          break;
        case "chat":
          cases = await chatCases(key);
          break;
        case "connection-token": {
          const probe = probeOf(key);
          cases = accounts.map((account) => ({ account, probe, expect: "refused", refusal: [{ status: 401, error: "ERR_INVALID_API_TOKEN" }], what: `${probe.method} ${probe.url} with the account's session` }));
          break;
        }
        default:
          throw new Error(`no cases for rule ${kind}`);
      }
      expect(cases.length, "a rule that sends nothing cannot fail").toBeGreaterThan(0);
      expect(await runCases(key, cases)).toEqual([]);
    }, 120_000);

    it.each(Object.keys(RULES).filter((key) => RULES[key]!.startsWith("simulator")))("%s answers 401 without a session (finding 7)", async (key) => {
      // A connection that was never started, so that a request that gets through changes nothing of the seeded one.
      const spare = await createSimulatorConnection(t.db, { companyId: s.company.id, name: `Unstarted ${summary.requests}`, isDefault: false });
      const probe = probeOf(key, { connection: spare.id, message: 2147483647 });
      const response = await send(probe, undefined);
      expect({ status: response.statusCode, error: errorOf(response.body) }, response.body.slice(0, 200)).toEqual({ status: 401, error: "ERR_SESSION_EXPIRED" });
    });
  });

  describe("the supervisor (spec admin §1, §5, §6)", () => {
    it("configures distribution: stores, rules, the round-robin reset and queue configs", async () => {
      const token = s.accounts.supervisor.token;
      const call = async (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
        const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
        return response.json<{ id: number }>();
      };
      const store = await call("POST", "/stores", { name: "Loja da supervisora" });
      await call("PUT", `/stores/${store.id}`, { name: "Loja da supervisora 2", active: true });
      const rule = await call("POST", `/stores/${store.id}/rules`, { name: "Regra", match: "pedido", strategy: "round_robin", queueId: s.queues.vendas.id });
      await call("PUT", `/stores/${store.id}/rules/${rule.id}`, { name: "Regra 2", match: "pedido", strategy: "ordered" });
      await call("PUT", `/stores/${store.id}/rules/${rule.id}/reset-rr`);
      await call("PUT", `/queue/${s.queues.vendas.id}/config`, { maxOpenPerAgent: 5 });
      await call("DELETE", `/stores/${store.id}/rules/${rule.id}`);
      await call("DELETE", `/stores/${store.id}`);
    });

    it("changes a tag's kanban flag alone, and nothing else of a tag; everything else an admin does stays refused", async () => {
      const tag = await throwawayTag();
      const token = s.accounts.supervisor.token;
      const put = (payload: object) => t.app.inject({ method: "PUT", url: `/tags/${tag.id}`, headers: bearer(token), payload });
      const [before] = await t.db.select().from(tagsTable).where(eq(tagsTable.id, tag.id));
      const renamed = await put({ name: "Renomeada pela supervisora", kanban: 1 });
      expect([renamed.statusCode, errorOf(renamed.body)]).toEqual([403, "ERR_NO_PERMISSION"]);
      expect((await t.db.select().from(tagsTable).where(eq(tagsTable.id, tag.id)))[0]).toEqual(before);
      const flagged = await put({ name: before!.name, color: before!.color.toUpperCase(), kanban: 1 });
      expect(flagged.statusCode, flagged.body).toBe(200);
      expect((await t.db.select().from(tagsTable).where(eq(tagsTable.id, tag.id)))[0]).toMatchObject({ name: before!.name, color: before!.color, kanban: 1 });
      for (const [method, url, payload] of [
        ["DELETE", `/tags/${tag.id}`, undefined],
        ["POST", "/tags", { name: "Nova da supervisora" }],
        ["POST", "/queue", { name: "Fila da supervisora", color: "#123456" }],
        ["PUT", "/settings/userRating", { value: "enabled" }],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
        expect([response.statusCode, errorOf(response.body)], `${method} ${url}`).toEqual([403, "ERR_NO_PERMISSION"]);
      }
    });
  });

  describe("paths that read their input by hand or span two records", () => {
    it("POST /messages/{own ticket} refuses a quote of a message of another conversation, and writes nothing (finding 3)", async () => {
      const { vendas, suporte, owned } = s.tickets;
      const cases: Case[] = [];
      // Each account writes on a ticket it may write on: the attendant on her own (vendas is the admin's),
      // the admin on vendas.
      for (const [account, ticket] of [
        [s.accounts.userVendas, owned],
        [s.accounts.admin, vendas],
      ] as const) {
        cases.push({
          account,
          probe: { method: "POST", url: `/messages/${ticket.id}`, payload: { body: "quoting", quotedMsg: { id: suporte.textMessageId } } },
          expect: "refused",
          refusal: [
            { status: 403, error: "ERR_NO_PERMISSION" },
            { status: 404, error: "ERR_NO_MESSAGE_FOUND" },
            { status: 400, error: "ERR_VALIDATION" },
          ],
          never: [suporte.marker],
          what: `POST /messages/{${ticket.name}} quoting a message of ticket suporte`,
        });
      }
      expect(await runCases("POST /messages/:ticketId", cases)).toEqual([]);
      // A quote of the same conversation is taken (the message is queued: the connection is not paired).
      const own = await send({ method: "POST", url: `/messages/${owned.id}`, payload: { body: "quoting own", quotedMsg: { id: owned.textMessageId } } }, s.accounts.userVendas.token);
      expect(own.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED", details: { queued: true } });
    });

    it("a new ticket of a contact whose earlier conversation was in Suporte does not show that history to Vendas (finding 5)", async () => {
      const created = await send({ method: "POST", url: "/tickets", payload: { contactId: s.history.contactId, queueId: s.queues.vendas.id, whatsappId: s.connection.id, status: "open" } }, s.accounts.userVendas.token);
      expect(created.statusCode, created.body).toBe(200);
      const ticket = created.json<{ id: number }>();
      const seen: string[] = [];
      for (const url of [`/messages/${ticket.id}`, `/tickets/${ticket.id}`]) {
        const response = await send({ method: "GET", url }, s.accounts.userVendas.token);
        if (response.body.includes(s.history.marker)) seen.push(url);
      }
      if (created.body.includes(s.history.marker)) seen.push("POST /tickets");
      for (const url of seen) leaks.push(`${url} userVendas: history of Suporte`);
      expect(seen).toEqual([]);
      // The admin, who may open the earlier ticket, sees the history (so that the check above can fail).
      const asAdmin = await send({ method: "GET", url: `/messages/${ticket.id}` }, s.accounts.admin.token);
      expect(asAdmin.body).toContain(s.history.marker);
    });

    it("the last super user can be neither demoted nor deleted: 409 ERR_LAST_SUPER (finding 1)", async () => {
      const supers = await t.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.isSuper, true));
      // Throwaway super users of the sweep above may remain; the check needs the installation's last one.
      for (const other of supers.filter((row) => row.id !== s.accounts.super.id)) await t.db.update(usersTable).set({ isSuper: false }).where(eq(usersTable.id, other.id));
      const self = s.accounts.super;
      const cases: Case[] = [
        { account: self, probe: { method: "PUT", url: `/users/${self.id}`, payload: { name: self.userName, email: self.email, profile: "user" } }, expect: "refused", refusal: [{ status: 409, error: "ERR_LAST_SUPER" }], what: "demotes itself to user" },
        { account: self, probe: { method: "PUT", url: `/users/${self.id}`, payload: { name: self.userName, email: self.email, super: false } }, expect: "refused", refusal: [{ status: 409, error: "ERR_LAST_SUPER" }], what: "clears its own super flag" },
      ];
      expect(await runCases("PUT /users/:id", cases)).toEqual([]);
    });

    it("changing one's own password needs the current password (finding 1)", async () => {
      const user = await makeUser("password", { profile: "user" });
      const { token } = await loginAs(t.app, user.email);
      const account: Account = { name: "userNone", id: user.id, email: user.email, userName: user.name, token, profile: "user", isSuper: false, queueIds: [], allTicket: "desabled" };
      const wrong = [
        { status: 400, error: "ERR_WRONG_PASSWORD" },
        { status: 403, error: "ERR_WRONG_PASSWORD" },
      ];
      const probe = (extra: object): Probe => ({ method: "PUT", url: `/users/${user.id}`, payload: { name: user.name, email: user.email, password: "Brand-new-password-1", ...extra } });
      const cases: Case[] = [
        { account, probe: probe({}), expect: "refused", refusal: wrong, what: "a new password without the current one" },
        { account, probe: probe({ currentPassword: "not-the-password" }), expect: "refused", refusal: wrong, what: "a new password with a wrong current one" },
      ];
      expect(await runCases("PUT /users/:id", cases)).toEqual([]);
      const right = await send(probe({ currentPassword: DEFAULT_PASSWORD }), token);
      expect(right.statusCode, right.body).toBe(200);
    });
  });

  describe("realtime: what every account's socket receives", () => {
    const sockets: Socket[] = [];
    let url: string;
    afterAll(() => {
      for (const socket of sockets.splice(0)) socket.disconnect();
    });

    interface Received {
      event: string;
      payload: unknown;
      step: number;
    }
    type Snapshot = Map<number, TicketState | undefined>;

    /** The members of each chat of the company. */
    async function chatMembers(): Promise<Map<number, Set<number>>> {
      const rows = await t.db.select({ chatId: chatUsersTable.chatId, userId: chatUsersTable.userId }).from(chatUsersTable).where(eq(chatUsersTable.companyId, s.company.id));
      const members = new Map<number, Set<number>>();
      for (const row of rows) members.set(row.chatId, (members.get(row.chatId) ?? new Set()).add(row.userId));
      return members;
    }

    async function ticketStates(): Promise<Snapshot> {
      const rows = await t.db.select({ id: ticketsTable.id, queueId: ticketsTable.queueId, userId: ticketsTable.userId }).from(ticketsTable).where(eq(ticketsTable.companyId, s.company.id));
      return new Map(rows.map((row) => [row.id, { queueId: row.queueId, userId: row.userId }]));
    }

    it("delivers a ticket's events only to accounts that may open it, no e-mail or QR code to attendants, and classifies every channel (finding 2)", async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const unclassified = COMPANY_CHANNELS.filter((channel) => !CHANNEL_RULES[channel]);
      expect(unclassified, "a socket channel that no rule covers").toEqual([]);
      summary.socketChannels = COMPANY_CHANNELS.length + Object.keys(OTHER_EVENTS).length;

      let step = 0;
      const received = new Map<AccountName, Received[]>();
      for (const account of accounts) {
        const socket = connect(url, { auth: { token: account.token }, transports: ["websocket"], reconnection: false, forceNew: true });
        sockets.push(socket);
        const list: Received[] = [];
        received.set(account.name, list);
        socket.onAny((event: string, payload: unknown) => list.push({ event, payload, step }));
        await new Promise<void>((resolve, reject) => {
          socket.once(SERVER_EVENTS.ready, () => resolve());
          socket.once("connect_error", reject);
        });
        socket.emit(CLIENT_EVENTS.joinNotification);
        for (const status of TICKET_STATUSES) socket.emit(CLIENT_EVENTS.joinTickets, status);
        const all = await t.db.select({ id: ticketsTable.id, uuid: ticketsTable.uuid }).from(ticketsTable).where(eq(ticketsTable.companyId, s.company.id));
        for (const ticket of all) for (const ref of [ticket.id, String(ticket.id), ticket.uuid]) socket.emit(CLIENT_EVENTS.joinChatBox, ref);
        socket.emit(CLIENT_EVENTS.userStatus);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));

      const states: { before: Snapshot; after: Snapshot }[] = [];
      const chatStates: { before: Map<number, Set<number>>; after: Map<number, Set<number>> }[] = [];
      const admin = s.accounts.admin;
      const asAdmin = (method: "POST" | "PUT" | "DELETE" | "GET", path: string, payload?: object) => send({ method, url: path, payload }, admin.token);
      let trash = { id: 0 };
      const steps: (() => Promise<unknown>)[] = [
        // A new ticket in Suporte, deleted further down.
        async () => {
          trash = (await asAdmin("POST", "/tickets", { contactId: s.spareContact.id, queueId: s.queues.suporte.id, whatsappId: s.connection.id, status: "pending" })).json<{ id: number }>();
        },
        // A customer writes in every conversation (through the conversation engine, as a channel session reports it).
        async () => {
          for (const ticket of TICKETS()) await handleInboundMessage(t.platform.engine.deps, inbound(s.connection, ticket.contactNumber, `${ticket.marker} customer writes`));
        },
        // The admin answers in every open conversation and reads every one.
        async () => {
          for (const ticket of TICKETS()) {
            await asAdmin("POST", `/messages/${ticket.id}`, { body: `${ticket.marker} admin answers` });
            await asAdmin("GET", `/messages/${ticket.id}`);
          }
        },
        // Updates: returned to pending, accepted again.
        async () => {
          for (const ticket of TICKETS()) await asAdmin("PUT", `/tickets/${ticket.id}`, { status: "pending" });
        },
        async () => {
          for (const ticket of TICKETS()) await asAdmin("PUT", `/tickets/${ticket.id}`, { status: "open", userId: admin.id });
        },
        // Transfers between the queues, both ways.
        () => asAdmin("PUT", `/tickets/${s.tickets.vendas.id}`, { queueId: s.queues.suporte.id, userId: null }),
        () => asAdmin("PUT", `/tickets/${s.tickets.suporte.id}`, { queueId: s.queues.vendas.id, userId: null }),
        // A delete.
        () => asAdmin("DELETE", `/tickets/${trash.id}`),
        // Other records: a user, a connection with a pairing QR code, a setting, a tag, quick replies, a schedule, a queue, a contact.
        () => asAdmin("PUT", `/users/${s.accounts.userSuporte.id}`, { name: s.accounts.userSuporte.userName, email: s.accounts.userSuporte.email }),
        async () => {
          await t.platform.channels.start(s.company.id, s.connection.id);
          for (let tries = 0; tries < 50; tries += 1) {
            const [row] = await t.db.select({ qrcode: connectionsTable.qrcode }).from(connectionsTable).where(eq(connectionsTable.id, s.connection.id));
            if (row?.qrcode && row.qrcode !== "QRCODE-SECRET-pairing") break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        },
        () => asAdmin("PUT", "/settings/userRating", { value: "enabled" }),
        () => asAdmin("POST", "/tags", { name: "socket tag" }),
        () => send({ method: "POST", url: "/quick-messages", payload: { shortcode: "socketmine", message: "VERAPERSONAL-SECRET socket", geral: false } }, s.accounts.userVendas.token),
        () => asAdmin("POST", "/quick-messages", { shortcode: "socketshared", message: "shared socket", geral: true }),
        () => asAdmin("POST", "/schedules", { body: `${s.tickets.suporte.marker} socket schedule`, sendAt: later(), contactId: s.tickets.suporte.contactId }),
        () => asAdmin("PUT", `/queue/${s.queues.vendas.id}`, { name: "Vendas", color: "#0a0a0a" }),
        () => asAdmin("PUT", `/contacts/${s.tickets.vendas.contactId}`, { name: `${s.tickets.vendas.marker} contact`, number: s.tickets.vendas.contactNumber }),
        // The internal chat: its owner writes, the Suporte attendant reads it, then the owner swaps her for the
        // all-tickets attendant and writes again (the removed member is told it is gone and hears nothing after).
        () => send({ method: "POST", url: `/chats/${s.chat.id}/messages`, payload: { message: `${TEAM_CHAT_MARKER} socket message` } }, s.accounts.userVendas.token),
        () => send({ method: "POST", url: `/chats/${s.chat.id}/read`, payload: {} }, s.accounts.userSuporte.token),
        () => send({ method: "PUT", url: `/chats/${s.chat.id}`, payload: { title: `${TEAM_CHAT_MARKER} escala`, users: [s.accounts.userAll.id] } }, s.accounts.userVendas.token),
        () => send({ method: "POST", url: `/chats/${s.chat.id}/messages`, payload: { message: `${TEAM_CHAT_MARKER} after the change` } }, s.accounts.userVendas.token),
        // The installation's announcements: an active one, an inactive one, and the active one made inactive.
        async () => {
          const asSuper = (method: "POST" | "PUT", path: string, payload: object) => send({ method, url: path, payload }, s.accounts.super.token);
          const shown = (await asSuper("POST", "/announcements", { title: "socket announcement", text: "for everyone" })).json<{ id: number }>();
          await asSuper("POST", "/announcements", { title: "socket INACTIVE-SECRET draft", text: "super users only", status: false });
          await asSuper("PUT", `/announcements/${shown.id}`, { title: "socket INACTIVE-SECRET withdrawn", text: "super users only", status: false });
        },
      ];
      for (const action of steps) {
        const before = await ticketStates();
        const chatsBefore = await chatMembers();
        step += 1;
        await action();
        await new Promise((resolve) => setTimeout(resolve, 250));
        states[step] = { before, after: await ticketStates() };
        chatStates[step] = { before: chatsBefore, after: await chatMembers() };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));

      const problems: string[] = [];
      const channelOf = (event: string): CompanyChannel | undefined => {
        const match = new RegExp(`^company-${s.company.id}-(.+)$`).exec(event);
        // The internal chat's per-member and per-chat names (chatUserEvent, chatRoomEvent) are the chat channel, under its rule.
        if (match && /^chat-(user-)?\d+$/.test(match[1]!)) return "chat";
        return match && (COMPANY_CHANNELS as readonly string[]).includes(match[1]!) ? (match[1] as CompanyChannel) : undefined;
      };
      const seenChannels = new Set<string>();
      const record = (payload: unknown, key: string): Record<string, unknown> | undefined => {
        const value = (payload as Record<string, unknown> | null)?.[key];
        return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
      };
      const ownEmails = new Map(accounts.map((account) => [account.name, account.email]));
      for (const account of accounts) {
        for (const { event, payload, step: at } of received.get(account.name) ?? []) {
          if (at === 0) continue;
          summary.socketEvents += 1;
          const text = JSON.stringify(payload ?? null);
          const channel = channelOf(event);
          if (!channel) {
            if (!OTHER_EVENTS[event]) problems.push(`${account.name}: event ${event} belongs to no classified channel`);
            if (event === ANNOUNCEMENT_EVENT && !account.isSuper && text.includes("INACTIVE-SECRET")) {
              problems.push(`${account.name} step ${at}: ${event} carries an inactive announcement: ${text.slice(0, 200)}`);
              leaks.push(`${event} → ${account.name}: an inactive announcement`);
            }
            continue;
          }
          seenChannels.add(channel);
          const leak = (why: string) => {
            problems.push(`${account.name} step ${at}: ${event} ${why}: ${text.slice(0, 200)}`);
            leaks.push(`${event} → ${account.name}: ${why}`);
          };
          const { kind } = CHANNEL_RULES[channel];
          const state = states[at];
          // A chat is known to those who were its members before the step or are after it.
          const wasMember = (chatId: number) => [chatStates[at]?.before.get(chatId), chatStates[at]?.after.get(chatId)].some((members) => members?.has(account.id) === true);
          if (text.includes(TEAM_CHAT_MARKER) && !wasMember(s.chat.id)) leak("carries the internal chat of others");
          if (kind === "ticket") {
            const ticket = record(payload, "ticket");
            const message = record(payload, "message");
            const ids = [ticket?.id, (payload as Record<string, unknown>).ticketId, message?.ticketId].filter((id): id is number => typeof id === "number");
            for (const id of new Set(ids)) {
              const fromPayload = ticket && ticket.id === id && "queueId" in ticket ? { queueId: (ticket.queueId as number | null) ?? null, userId: (ticket.userId as number | null) ?? null } : undefined;
              // The account may learn of a change to a ticket it could open before the change (to take it off its list), or can open after it.
              const before = state?.before.get(id);
              const visible = (before !== undefined && mayOpen(account, before)) || (fromPayload ? mayOpen(account, fromPayload) : [state?.after.get(id)].some((st) => st !== undefined && mayOpen(account, st)));
              if (!visible) leak(`names ticket ${id}, which it may not open`);
            }
            const markers = TICKETS().filter((tk) => ![state?.before.get(tk.id), state?.after.get(tk.id)].some((st) => st !== undefined && mayOpen(account, st))).map((tk) => tk.marker);
            for (const marker of markers) if (text.includes(marker)) leak(`carries ${marker}`);
          } else if (kind === "user" && !isAdmin(account)) {
            const user = record(payload, "user");
            const allowedKeys = Object.keys(ZUserListItem.shape);
            // The account's own record comes whole (as GET /users/{id} gives it to them); anyone else's as the list shows it.
            const extra = user && user.id !== account.id ? Object.keys(user).filter((k) => !allowedKeys.includes(k)) : [];
            if (extra.length) leak(`gives fields beyond GET /users/list: ${extra.join(", ")}`);
            for (const [name, email] of ownEmails) if (name !== account.name && text.includes(email)) leak(`carries ${name}'s e-mail`);
          } else if (kind === "connection" && !isAdmin(account)) {
            const connection = record(payload, "whatsapp") ?? record(payload, "session");
            if (connection && typeof connection.qrcode === "string" && connection.qrcode !== "") leak("carries the pairing QR code");
            if (text.includes("QRCODE-SECRET")) leak("carries the pairing QR code");
          } else if (kind === "quick-reply") {
            const quick = record(payload, "record");
            if (quick && quick.geral === false && quick.userId !== account.id) leak("carries another user's personal reply");
            if (account.name !== "userVendas" && text.includes("VERAPERSONAL-SECRET")) leak("carries another user's personal reply");
          } else if (kind === "chat") {
            const chat = record(payload, "record") ?? record(payload, "chat");
            const named = chat?.id ?? (payload as Record<string, unknown>).id;
            if (typeof named !== "number") leak("names no chat");
            else if (!wasMember(named)) leak(`names chat ${named}, which it is not a member of`);
            if (event.startsWith(`company-${s.company.id}-chat-user-`) && event !== chatUserEvent(s.company.id, account.id)) leak("is another member's own chat event");
          } else if (kind === "admins" && !isAdmin(account)) {
            leak("reaches an account that is not an admin");
          } else if (kind === "schedule" && !isAdmin(account)) {
            const schedule = record(payload, "schedule");
            const ticket = TICKETS().find((tk) => tk.contactId === schedule?.contactId);
            if (schedule && schedule.userId !== account.id && ticket && !mayOpen(account, state?.after.get(ticket.id) ?? ticket)) leak("carries a schedule of a contact it may not reach");
          }
        }
      }
      // The sockets got the events at all (so that the checks above can fail).
      const adminSaw = new Set((received.get("admin") ?? []).map((r) => channelOf(r.event)));
      for (const channel of ["ticket", "appMessage", "user", "whatsapp", "contact", "tag", "settings", "schedule", "queue", "quickmessage", "simulator"] as const) expect(adminSaw, `the admin's socket got no ${channel} event`).toContain(channel);
      // Every account heard of the active announcement and of its withdrawal; the super user of the inactive ones (so that the check above can fail).
      for (const account of accounts) {
        const announced = (received.get(account.name) ?? []).filter((r) => r.event === ANNOUNCEMENT_EVENT).map((r) => JSON.stringify(r.payload));
        expect(announced.some((text) => text.includes("socket announcement")), `${account.name} got the active announcement`).toBe(true);
        expect(announced.some((text) => text.includes('"action":"delete"') || text.includes("INACTIVE-SECRET withdrawn")), `${account.name} was told of the withdrawal`).toBe(true);
        if (account.isSuper) expect(announced.some((text) => text.includes("INACTIVE-SECRET draft")), "the super user got the inactive announcement").toBe(true);
      }
      // The chat's members heard it, the removed one was told it is gone, the one added that it is new (so that the checks above can fail).
      const chatEventsOf = (name: AccountName) => (received.get(name) ?? []).filter((r) => r.step !== 0 && channelOf(r.event) === "chat").map((r) => JSON.stringify(r.payload));
      expect(chatEventsOf("userVendas").some((text) => text.includes(`${TEAM_CHAT_MARKER} socket message`)), "the owner hears the chat").toBe(true);
      expect(chatEventsOf("userSuporte").some((text) => text.includes(`${TEAM_CHAT_MARKER} socket message`)), "the Suporte attendant hears the chat").toBe(true);
      expect(chatEventsOf("userSuporte"), "the removed member is told").toContain(JSON.stringify({ action: "delete", id: s.chat.id }));
      expect(chatEventsOf("userAll").some((text) => text.includes('"action":"create"') && text.includes(TEAM_CHAT_MARKER)), "the member added is told").toBe(true);
      expect(chatEventsOf("userAll").some((text) => text.includes("after the change")), "the member added hears the chat").toBe(true);
      const vendasSaw = (received.get("userVendas") ?? []).filter((r) => r.step !== 0 && JSON.stringify(r.payload).includes(s.tickets.owned.marker));
      expect(vendasSaw.length, "the Vendas attendant receives the events of her own ticket").toBeGreaterThan(0);
      if (problems.length && process.env.INTRA_VERBOSE) console.log(`realtime:\n  ${problems.join("\n  ")}`);
      expect(problems).toEqual([]);
    }, 60_000);
  });

  it("prints its figures: routes, rules, socket channels, accounts, requests, leaks", () => {
    summary.leaks = leaks.length;
    console.log(
      `intra-company sweep: ${summary.routes} routes, ${summary.rules} rules, ${summary.socketChannels} socket channels classified, ${summary.accounts} accounts, ` +
        `${summary.requests} requests, ${summary.socketEvents} socket events received, ${summary.leaks} leaks`,
    );
    expect(summary.rules).toBe(summary.routes);
    expect(leaks).toEqual([]);
  });
});
