import { readFileSync, readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_EVENT, CLIENT_EVENTS, TICKET_STATUSES, companyEvent } from "@conversa/shared";
import { buildTestApp } from "../../test/build-test-app.ts";
import { connections, invoices, plans, users } from "../db/schema/index.ts";
import { echoedKeysOf } from "../lib/echoed-record.ts";
import { type CloudConnectionSecrets, bearer, createCloudConnection, createUser, loginAs } from "../../test/factories.ts";
import { signWebhook } from "../../test/fake-graph.ts";
import { PNG, multipartFile } from "../modules/queues/upload-fixtures.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { crossCompanyReferences, snapshotCompany } from "./company-snapshot.ts";
import {
  type BuiltRequest,
  type IdPlace,
  NOT_FOUND_CODE,
  type TenantIds,
  UNREAD_ID_FIELDS,
  VALID_BODIES,
  buildRequest,
  idPlacesOf,
  idPlacesOfRoute,
  jsonSchemaOf,
  pathParamsOf,
} from "./route-requests.ts";
import { type SeededTenant, idsOf, seedTenant } from "./seed-tenant.ts";

/** Every string of company A's records carries this: finding it in an answer to B is a leak. */
const A_MARKER = "ALPHA-SECRET";

const t = await buildTestApp();
const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;
const ROUTES = new Map(t.app.routeTable.map((route) => [keyOf(route), route]));

/** Routes without a session, each with why it is public; each has its own assertions below. */
const PUBLIC_ROUTES: Record<string, string> = {
  "GET /version": "the build's version, the same for everyone",
  "GET /health": "liveness and database check for the load balancer",
  "GET /api/openapi.json": "the API's description, the same for every installation of this version: routes and schemas, nothing of any company",
  "POST /auth/login": "opens a session: nothing to scope before it",
  "POST /auth/refresh_token": "reads its own refresh cookie, answers only that user",
  "GET /plans/list": "the plans the sign-up page offers a visitor: plan fields only, nothing of any company",
  "POST /forgetpassword/:email": "mails a reset code to the account's own address only; answers whether the e-mail exists (spec admin §8), rate-limited",
  "POST /resetpasswords/:email/:token/:newPassword": "sets a password only with the code mailed to that account; answers no record",
  "GET /companies/cadastro": "whether public sign-up is open: one boolean of the installation",
  "POST /companies/cadastro": "public sign-up: creates a company of its own, rate-limited per address, and answers only that company",
  "POST /webhooks/pix/:provider": "a payment provider's confirmation: authenticated by the provider's own secret or signature, answers only how many payments it settled",
  "POST /webhooks/pix/:provider/pix": "the same confirmation at the path EFI appends /pix to",
  "GET /webhooks/whatsapp-cloud/:webhookKey": "Meta's subscription handshake: echoes Meta's own challenge only with the connection's verify token, answers no record",
  "POST /webhooks/whatsapp-cloud/:webhookKey": "Meta's notifications of an official-line connection: accepted only signed with that connection's app secret, stored in that connection's company only, answers no record",
};

/**
 * Routes authenticated by a connection's external-API token instead of a session, each with what the token
 * reaches. The token names one connection and so one company: nothing in the request can name another
 * company's record (checked below, with the route's documented bodies), and a session token is no key to them.
 */
const TOKEN_ROUTES: Record<string, string> = {
  "POST /api/messages/send": "sends through the token's own connection to a phone number: the body names no stored record",
};

/**
 * Routes of the installation's administration, for super users only (spec admin §1): a company's admin
 * and its user-profile accounts get 403 (checked below). Their records (plans, help videos, announcements) belong to no
 * company; the companies administration addresses any company by id, deliberately across companies.
 */
const SUPER_ONLY: Record<string, string> = {
  "GET /plans/all": "the plans of the installation",
  "POST /plans": "a new plan",
  "PUT /plans/:id": "a plan's limits, price and flags",
  "DELETE /plans/:id": "a plan",
  "POST /helps": "a new help video",
  "PUT /helps/:id": "a help video's title, video code and description",
  "DELETE /helps/:id": "a help video",
  "POST /announcements": "a new announcement to every company",
  "PUT /announcements/:id": "an announcement's title, text, priority and status",
  "DELETE /announcements/:id": "an announcement",
  "POST /announcements/:id/media-upload": "an announcement's picture",
  "DELETE /announcements/:id/media-upload": "an announcement's picture",
  "GET /installation-settings": "the installation's settings (public sign-up open or closed)",
  "PUT /installation-settings/:key": "an installation setting",
  "GET /companies": "the installation's companies, page by page",
  "GET /companies/list": "every company of the installation",
  "POST /companies": "a new company and its first admin",
  "PUT /companies/:id": "a company's fields, plan, status and due date",
  "DELETE /companies/:id": "a company and everything it holds",
  "GET /billing/invoices": "every company's invoices",
  "POST /billing/invoices/:id/mark-paid": "an invoice of any company marked paid by hand (a bank transfer)",
  "POST /billing/invoices/:id/cancel": "an invoice of any company cancelled, with the reason",
};

/** Authenticated routes left out of the id sweep, each with why. */
const NOT_SWEPT: Record<string, string> = {
  "DELETE /auth/logout": "ends the caller's own session and names no record",
  ...Object.fromEntries(
    Object.keys(SUPER_ONLY).map((key) => [
      key,
      "super-only: a company's admin is refused before any record is read (checked below); plans, help videos and announcements belong to no company, and a super user addresses any company",
    ]),
  ),
};

/**
 * Routes a user-profile account may not use (spec core §6, packages/shared/src/permissions.ts), with the
 * permission the server checks. A user-profile account may still read and edit itself through /users/:id.
 */
const ADMIN_ONLY: Record<string, string> = {
  "GET /dashboard": "dashboard:view",
  "GET /dashboard/ticketsDay": "dashboard:view",
  "GET /dashboard/ticketsUsers": "dashboard:view",
  "DELETE /tickets/:id": "ticket-options:deleteTicket",
  "DELETE /contacts/:id": "contacts-page:deleteContact",
  "POST /whatsapp": "connections-page:addConnection",
  "PUT /whatsapp/:id": "connections-page:editOrDeleteConnection",
  "DELETE /whatsapp/:id": "connections-page:editOrDeleteConnection",
  "POST /whatsappsession/:id": "connections-page:actionButtons",
  "PUT /whatsappsession/:id": "connections-page:actionButtons",
  "DELETE /whatsappsession/:id": "connections-page:actionButtons",
  "GET /simulator/connections": "connections-page:actionButtons (the simulator is its admins' tool)",
  "POST /simulator/connections/:id/scan": "connections-page:actionButtons (pairs the simulated phone)",
  "POST /simulator/connections/:id/messages": "connections-page:actionButtons (writes as a simulated customer)",
  "POST /simulator/connections/:id/messages/batch": "connections-page:actionButtons (writes as simulated customers)",
  "GET /simulator/connections/:id/chats": "connections-page:actionButtons (lists every simulated conversation, whatever its queue)",
  "GET /simulator/connections/:id/chats/:number/messages": "connections-page:actionButtons (reads a simulated conversation, whatever its queue)",
  "POST /simulator/connections/:id/chats/:number/read": "connections-page:actionButtons (reads as a simulated customer)",
  "POST /simulator/connections/:id/disconnect": "connections-page:actionButtons (drops the simulated phone's network)",
  "PUT /simulator/connections/:id/sends": "connections-page:actionButtons (makes the simulated phone refuse sends)",
  "GET /simulator/media/:messageId": "connections-page:actionButtons (the simulated phone's copy of media, of any conversation)",
  "PUT /settings/:key": "settings:edit",
  "PUT /companies/:id/schedules": "settings:edit",
  "GET /users": "users-page:manage",
  "POST /users": "users-page:manage",
  "GET /users/:id": "users-page:manage (another user)",
  "PUT /users/:id": "users-page:manage (another user)",
  "DELETE /users/:id": "users-page:manage",
  "GET /queue/:id": "queues-page:edit",
  "POST /queue": "queues-page:edit",
  "PUT /queue/:id": "queues-page:edit",
  "DELETE /queue/:id": "queues-page:edit",
  "POST /queue/:id/media-upload": "queues-page:edit",
  "DELETE /queue/:id/media-upload": "queues-page:edit",
  "GET /queue-options": "queues-page:edit",
  "POST /queue-options": "queues-page:edit",
  "PUT /queue-options/:id": "queues-page:edit",
  "DELETE /queue-options/:id": "queues-page:edit",
  "POST /queue-options/:id/media-upload": "queues-page:edit",
  "DELETE /queue-options/:id/media-upload": "queues-page:edit",
  "GET /queue/metrics": "distribution:manage",
  "GET /queue/:id/metrics": "distribution:manage",
  "GET /queue/:id/config": "distribution:manage",
  "PUT /queue/:id/config": "distribution:manage",
  "GET /queue/:id/users": "distribution:manage",
  "GET /stores": "distribution:manage",
  "POST /stores": "distribution:manage",
  "PUT /stores/:id": "distribution:manage",
  "DELETE /stores/:id": "distribution:manage",
  "GET /stores/:id/rules": "distribution:manage",
  "GET /stores/:id/rules/preview": "distribution:manage",
  "POST /stores/:id/rules": "distribution:manage",
  "PUT /stores/:id/rules/:ruleId": "distribution:manage",
  "DELETE /stores/:id/rules/:ruleId": "distribution:manage",
  "PUT /stores/:id/rules/:ruleId/reset-rr": "distribution:manage",
  "POST /tags": "tags:manage",
  "PUT /tags/:id": "tags:manage",
  "DELETE /tags/:id": "tags:manage",
  "GET /invoices/all": "the company's invoices: its admins",
  "GET /subscription": "the company's subscription: its admins",
  "POST /subscription/invoice": "the company's open invoice: its admins",
  "POST /subscription": "the checkout: its admins",
  "POST /payment-simulator/charges/:txid/pay": "the payment simulator pays the company's charge: its admins",
  "GET /contact-lists": "campaigns:manage",
  "GET /contact-lists/list": "campaigns:manage",
  "GET /contact-lists/:id": "campaigns:manage",
  "POST /contact-lists": "campaigns:manage",
  "PUT /contact-lists/:id": "campaigns:manage",
  "DELETE /contact-lists/:id": "campaigns:manage",
  "POST /contact-lists/:id/upload": "campaigns:manage",
  "GET /contact-list-items": "campaigns:manage",
  "GET /contact-list-items/:id": "campaigns:manage",
  "POST /contact-list-items": "campaigns:manage",
  "PUT /contact-list-items/:id": "campaigns:manage",
  "GET /campaigns": "campaigns:manage",
  "GET /campaigns/:id": "campaigns:manage",
  "GET /campaigns/:id/shipping": "campaigns:manage",
  "GET /campaigns/:id/recipients": "campaigns:manage",
  "GET /campaigns/:id/recipients/export": "campaigns:manage",
  "POST /campaigns": "campaigns:manage",
  "PUT /campaigns/:id": "campaigns:manage",
  "DELETE /campaigns/:id": "campaigns:manage",
  "POST /campaigns/:id/cancel": "campaigns:manage",
  "POST /campaigns/:id/restart": "campaigns:manage",
  "POST /campaigns/:id/pause": "campaigns:manage",
  "POST /campaigns/:id/resume": "campaigns:manage",
  "POST /campaigns/:id/test-send": "campaigns:manage",
  "POST /campaigns/:id/media-upload": "campaigns:manage",
  "DELETE /campaigns/:id/media-upload": "campaigns:manage",
  "GET /campaign-settings": "campaigns:manage",
  "POST /campaign-settings": "campaigns:manage",
  "GET /campaign-settings/pacing/:whatsappId": "campaigns:manage",
  "PUT /campaign-settings/pacing/:whatsappId": "campaigns:manage",
  "DELETE /contact-list-items/:id": "campaigns:manage and contacts-page:deleteContact",
  "POST /files": "files:manage",
  "PUT /files/:id": "files:manage",
  "DELETE /files/:id": "files:manage",
  "POST /files/uploadList/:id": "files:manage",
};

const AUTHENTICATED = [...ROUTES.values()].filter((route) => !PUBLIC_ROUTES[keyOf(route)] && !TOKEN_ROUTES[keyOf(route)]).map(keyOf);
const SWEPT = AUTHENTICATED.filter((key) => !NOT_SWEPT[key]);

/** B's own ids that differ for one route, each with why. */
const OWN_IDS_OF: Record<string, { why: string; ids: (tenant: SeededTenant) => Partial<TenantIds> }> = {
  "POST /tickets": { why: "the seeded contact already has an open ticket: open one for the contact without one", ids: (tenant) => ({ contact: tenant.otherContact.id }) },
  "PUT /tickets/:id": { why: "a queue other than the ticket's makes it a transfer, which reads userId and whatsappId", ids: (tenant) => ({ queue: tenant.otherQueue.id }) },
};

let a: SeededTenant;
let b: SeededTenant;
let idsA: TenantIds;
let idsB: TenantIds;
let snapshotA: Record<string, string>;
let cloudA: CloudConnectionSecrets;
let cloudB: CloudConnectionSecrets;
const figures = { routes: 0, requests: 0, idPlaces: 0 };
/** How the foreign-id requests were answered, by status and code. */
const answers: Record<string, number> = {};


beforeAll(async () => {
  // The job queue takes the sends that schedules and messages queue; no worker runs, so nothing changes behind the requests.
  await t.platform.jobs.start();
  a = await seedTenant(t.app, t.db, t.platform.media, A_MARKER, 1);
  b = await seedTenant(t.app, t.db, t.platform.media, "BRAVO", 2);
  idsA = idsOf(a);
  idsB = idsOf(b);
  // An official-line connection of each company: their webhooks are public routes keyed by the connection.
  cloudA = (await createCloudConnection(t.db, { companyId: a.company.id, name: `${A_MARKER} official`, isDefault: false })).secrets;
  cloudB = (await createCloudConnection(t.db, { companyId: b.company.id, name: "BRAVO official", isDefault: false })).secrets;
  snapshotA = await snapshotCompany(t.db, a.company.id);
}, 60_000);

afterAll(async () => {
  await t.platform.jobs.stop();
  await t.close();
});

async function send(request: BuiltRequest, token: string | undefined) {
  const headers = token ? bearer(token) : {};
  figures.requests += 1;
  if (request.multipart) {
    const upload = multipartFile(token ?? "", { name: "probe.png", content: PNG, type: "image/png" });
    const { authorization: _unused, ...multipartHeaders } = upload.headers;
    return t.app.inject({ method: request.method as "POST", url: request.url, query: request.query, payload: upload.payload, headers: { ...multipartHeaders, ...headers } });
  }
  return t.app.inject({ method: request.method as "GET", url: request.url, query: request.query, headers, ...(request.body === undefined ? {} : { payload: request.body as object }) });
}

function errorOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && "error" in parsed && typeof parsed.error === "string" ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Body ids refused with 403 ERR_NO_PERMISSION for any value other than the caller's own, without looking
 * the record up (so its existence is not revealed): no one moves a user to another company.
 */
const REFUSED_ID_FIELDS: Record<string, { code: string; reason: string }> = {
  "PUT /users/:id companyId": { code: "ERR_COMPANY_MISMATCH", reason: "a user is never moved to another company" },
  "POST /users companyId": { code: "ERR_COMPANY_MISMATCH", reason: "a user is created in the session's company only" },
  "POST /contact-list-items companyId": { code: "ERR_COMPANY_MISMATCH", reason: "a list contact is created in the session's company only" },
  "PUT /contact-list-items/:id companyId": { code: "ERR_COMPANY_MISMATCH", reason: "a list contact is never moved to another company" },
  "POST /campaigns companyId": { code: "ERR_COMPANY_MISMATCH", reason: "a campaign is created in the session's company only" },
  "PUT /campaigns/:id companyId": { code: "ERR_COMPANY_MISMATCH", reason: "a campaign is never moved to another company" },
};

const describePlace = (place: IdPlace) => `${place.where} ${place.path.join(".")} = A's ${place.kind}`;

/** What is wrong with B's answer to a request carrying A's id in `place`, or nothing. */
function problemOf(route: RouteEntry, place: IdPlace | undefined, status: number, body: string): string | undefined {
  const where = place ? describePlace(place) : "B's own ids";
  if (body.includes(A_MARKER)) return `${where}: answer shows company A's data`;
  if (status >= 500) return `${where}: ${status} ${body.slice(0, 200)}`;
  if (!place) return undefined;
  const code = errorOf(body);
  const isNotFound = status === 404 && code === NOT_FOUND_CODE[place.kind];
  const isInvalid = status === 400 && code === "ERR_VALIDATION";
  const refusal = place.where === "body" ? REFUSED_ID_FIELDS[`${keyOf(route)} ${place.path.join(".")}`] : undefined;
  const isRefused = refusal !== undefined && status === 403 && code === refusal.code;
  if (isRefused) return undefined;
  const field = place.where !== "params" && typeof place.path[0] === "string" ? place.path[0] : undefined;
  // A read-only field of the record sent back to its PUT is never read (docs/compatibility.md).
  const isUnread = field !== undefined && (UNREAD_ID_FIELDS[field] !== undefined || (place.where === "body" && echoedKeysOf(route.body).includes(field)));
  if (!isUnread && (place.where === "params" || route.method !== "GET")) {
    if (!isNotFound && !isInvalid) return `${where}: expected 404 ${NOT_FOUND_CODE[place.kind]}, got ${status} ${body.slice(0, 200)}`;
    return undefined;
  }
  // A filter of a list: an empty list, or not found.
  if (status >= 300 && !isNotFound && !isInvalid) return `${where}: expected a list or 404 ${NOT_FOUND_CODE[place.kind]}, got ${status} ${body.slice(0, 200)}`;
  return undefined;
}

describe("the route table", () => {
  it("holds every registered route, read from the server itself, without HEAD duplicates", () => {
    expect(ROUTES.size).toBe(t.app.routeTable.length);
    expect([...ROUTES.keys()].some((key) => key.startsWith("HEAD "))).toBe(false);
    for (const key of ["GET /tickets/:id", "PUT /contacts/:id", "GET /media/:fileName", "POST /tags/sync"]) expect(ROUTES.has(key)).toBe(true);
  });

  it("lists as public only routes registered without the authentication hook, and every such route is listed", () => {
    const unauthenticated = [...ROUTES.values()].filter((route) => !route.isAuthenticated && !route.isTokenAuthenticated).map(keyOf);
    expect(unauthenticated.sort()).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  it("lists as token-authenticated exactly the routes registered with the connection-token hook, none with both hooks", () => {
    const byToken = [...ROUTES.values()].filter((route) => route.isTokenAuthenticated).map(keyOf);
    expect(byToken.sort()).toEqual(Object.keys(TOKEN_ROUTES).sort());
    expect([...ROUTES.values()].filter((route) => route.isTokenAuthenticated && route.isAuthenticated).map(keyOf)).toEqual([]);
  });
});

describe("every authenticated route, asked by company B's admin with company A's ids", () => {
  it.each(SWEPT)("%s never reaches company A's records", async (key) => {
    const route = ROUTES.get(key)!;
    const places = idPlacesOfRoute(route);
    figures.routes += 1;
    figures.idPlaces += places.length;
    const problems: string[] = [];
    const own = { ...idsB, ...OWN_IDS_OF[key]?.ids(b) };
    // GET /tickets/u/{uuid-or-id}: a ticket's uuid is also tried as its numeric id.
    const foreignValues = (place: IdPlace) => (place.kind === "ticketUuid" ? [idsA, { ...idsA, ticketUuid: String(idsA.ticket) }] : [idsA]);
    for (const [place, foreign] of places.flatMap((place) => foreignValues(place).map((foreign) => [place, foreign] as const))) {
      const response = await send(buildRequest(route, own, foreign, place), b.adminToken);
      const answer = `${response.statusCode} ${errorOf(response.body) ?? ""}`.trim();
      answers[answer] = (answers[answer] ?? 0) + 1;
      const problem = problemOf(route, place, response.statusCode, response.body);
      if (problem) problems.push(problem);
    }
    // Then once with B's own ids only (not for a delete, which would take B's record away from the routes after it).
    if (route.method !== "DELETE") {
      const response = await send(buildRequest(route, own, idsA, undefined, { user: b.admin.id }), b.adminToken);
      const problem = problemOf(route, undefined, response.statusCode, response.body);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });
});

describe("every admin-only route and every ticket outside its queues, asked by company B's user-profile account", () => {
  let snapshotB: Record<string, string>;
  let sharedQuickId: number;
  let hiddenTicket: { id: number; uuid: string };
  beforeAll(async () => {
    // A shared reply of the admin as seeded: the sweep above may have changed the seeded one.
    const created = await t.app.inject({ method: "POST", url: "/quick-messages", headers: bearer(b.adminToken), payload: { shortcode: "BRAVO-shared", message: "x", geral: true } });
    sharedQuickId = created.json<{ id: number }>().id;
    // The ticket back in the agent's queue (the sweep transferred it), so that what is refused below is the permission, not the ticket.
    await t.app.inject({ method: "PUT", url: `/tickets/${b.ticket.id}`, headers: bearer(b.adminToken), payload: { queueId: b.queue.id } });
    const opened = await t.app.inject({ method: "GET", url: `/tickets/${b.ticket.id}`, headers: bearer(b.agentToken) });
    if (opened.statusCode !== 200) throw new Error(`the agent cannot open B's ticket: ${opened.body}`);
    // A pending ticket of B in a queue the agent does not work in, assigned to nobody.
    const contact = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(b.adminToken), payload: { name: "BRAVO-hidden", number: "5511977770000" } });
    const pending = await t.app.inject({
      method: "POST",
      url: "/tickets",
      headers: bearer(b.adminToken),
      payload: { contactId: contact.json<{ id: number }>().id, queueId: b.otherQueue.id, whatsappId: b.connection.id, status: "pending" },
    });
    if (pending.statusCode !== 200) throw new Error(`the hidden ticket was not opened: ${pending.body}`);
    hiddenTicket = pending.json<{ id: number; uuid: string }>();
    snapshotB = await snapshotCompany(t.db, b.company.id);
  });

  it("is a route the server has", () => {
    expect(Object.keys(ADMIN_ONLY).filter((key) => !ROUTES.has(key))).toEqual([]);
  });

  it.each(Object.keys(ADMIN_ONLY))("%s answers 403 ERR_NO_PERMISSION", async (key) => {
    const route = ROUTES.get(key)!;
    const built = buildRequest(route, idsB, idsA, undefined, { user: b.admin.id });
    const response = await send({ ...built, body: VALID_BODIES[key] ?? built.body }, b.agentToken);
    expect({ status: response.statusCode, error: errorOf(response.body) }, response.body).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
  });

  it.each([
    ["PUT /users/:id", "its own profile to admin", () => ({ url: `/users/${b.agent.id}`, payload: { name: b.agent.name, email: b.agent.email, profile: "admin" } })],
    ["PUT /users/:id", "its own queues", () => ({ url: `/users/${b.agent.id}`, payload: { name: b.agent.name, email: b.agent.email, queueIds: [b.queue.id, b.otherQueue.id] } })],
    ["PUT /users/:id", "its own default connection", () => ({ url: `/users/${b.agent.id}`, payload: { name: b.agent.name, email: b.agent.email, whatsappId: b.connection.id } })],
    ["PUT /users/:id", "its own allTicket", () => ({ url: `/users/${b.agent.id}`, payload: { name: b.agent.name, email: b.agent.email, allTicket: "enabled" } })],
    ["POST /tags", "a new kanban lane", () => ({ url: "/tags", payload: { name: "probe lane", kanban: 1 } })],
    ["PUT /tags/:id", "a tag off the kanban", () => ({ url: `/tags/${b.tag.id}`, payload: { name: "BRAVO-18", kanban: 0 } })],
    ["PUT /quick-messages/:id", "a shared reply of the admin", () => ({ url: `/quick-messages/${sharedQuickId}`, payload: { shortcode: "probe", geral: true } })],
    ["DELETE /quick-messages/:id", "a shared reply of the admin", () => ({ url: `/quick-messages/${sharedQuickId}` })],
    ["DELETE /ticket-notes/:id", "the admin's note", () => ({ url: `/ticket-notes/${b.note.id}` })],
    ["DELETE /messages/:id", "the admin's message", () => ({ url: `/messages/${b.textMessage.id}` })],
    ["PUT /chats/:id", "the admin's chat, which it is a member of", () => ({ url: `/chats/${b.chat.id}`, payload: { title: "probe", users: [b.agent.id] } })],
    ["DELETE /chats/:id", "the admin's chat, which it is a member of", () => ({ url: `/chats/${b.chat.id}` })],
  ] as const)("%s refuses to change %s with 403 ERR_NO_PERMISSION", async (key, _what, request) => {
    const { url, payload } = { payload: undefined, ...request() };
    const method = key.split(" ")[0] as "PUT" | "POST" | "DELETE";
    // The agent works in B's queue, so it may open the ticket the note belongs to.
    const response = await t.app.inject({ method, url, headers: bearer(b.agentToken), ...(payload ? { payload } : {}) });
    expect({ status: response.statusCode, error: errorOf(response.body) }, response.body).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
  });

  it.each(SWEPT.filter((key) => idPlacesOfRoute(ROUTES.get(key)!).some((place) => place.kind === "ticket" || place.kind === "ticketUuid")))(
    "%s keeps a ticket outside the account's queues out of its reach",
    async (key) => {
      const route = ROUTES.get(key)!;
      const hidden = { ...idsB, ticket: hiddenTicket.id, ticketUuid: hiddenTicket.uuid };
      const problems: string[] = [];
      for (const place of idPlacesOfRoute(route).filter((p) => p.kind === "ticket" || p.kind === "ticketUuid")) {
        const response = await send(buildRequest(route, idsB, hidden, place), b.agentToken);
        const code = errorOf(response.body);
        const refused = (response.statusCode === 403 && code === "ERR_NO_PERMISSION") || (response.statusCode === 404 && code === "ERR_NO_TICKET_FOUND");
        if (!refused) problems.push(`${describePlace(place)}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it("GET /whatsapp/:id hides the connection's external-API token", async () => {
    const response = await t.app.inject({ method: "GET", url: `/whatsapp/${b.connection.id}`, headers: bearer(b.agentToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: null });
  });

  it("changes none of company B's rows", async () => {
    expect(await snapshotCompany(t.db, b.company.id)).toEqual(snapshotB);
  });
});

describe("every super-only route, asked by company B's admin and user-profile account", () => {
  let plan: { id: number; name: string };
  let snapshotB: Record<string, string>;
  beforeAll(async () => {
    plan = (await t.db.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.id, b.company.plan.id)))[0]!;
    snapshotB = await snapshotCompany(t.db, b.company.id);
  });

  it("is a route the server has, and no admin-only one", () => {
    expect(Object.keys(SUPER_ONLY).filter((key) => !ROUTES.has(key) || ADMIN_ONLY[key])).toEqual([]);
  });

  it.each(Object.keys(SUPER_ONLY).flatMap((key) => [[key, "admin"], [key, "agent"]] as const))("%s answers 403 ERR_NO_PERMISSION to B's %s", async (key, who) => {
    const route = ROUTES.get(key)!;
    const request = buildRequest(route, idsB, idsA);
    // The companies routes aim at B's own company (a refused change or delete must leave it as it was), the others at B's plan;
    // other parameters (an installation setting's key) as built.
    const target = route.url.startsWith("/companies") ? b.company.id : plan.id;
    const url = route.url.includes(":id") ? route.url.replace(":id", String(target)) : request.url;
    const response = await send({ ...request, url }, who === "admin" ? b.adminToken : b.agentToken);
    expect({ status: response.statusCode, error: errorOf(response.body) }, response.body).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
  });

  it("left B's plan and rows as they were", async () => {
    expect((await t.db.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.id, plan.id)))[0]).toEqual(plan);
    expect(await snapshotCompany(t.db, b.company.id)).toEqual(snapshotB);
  });
});

describe("a route that reads its body by hand, asked by company B's admin", () => {
  it("POST /messages/:ticketId refuses to quote company A's message and never attaches A's media file", async () => {
    const accepted = await t.app.inject({ method: "PUT", url: `/tickets/${b.ticket.id}`, headers: bearer(b.adminToken), payload: { status: "open" } });
    expect(accepted.json()).toMatchObject({ status: "open" });
    const quoting = await t.app.inject({ method: "POST", url: `/messages/${b.ticket.id}`, headers: bearer(b.adminToken), payload: { body: "probe", quotedMsg: { id: a.textMessage.id } } });
    expect({ status: quoting.statusCode, error: errorOf(quoting.body) }).toEqual({ status: 404, error: "ERR_NO_MESSAGE_FOUND" });
    const attaching = await t.app.inject({ method: "POST", url: `/messages/${b.ticket.id}`, headers: bearer(b.adminToken), payload: { body: "probe", mediaUrl: a.mediaFiles[0] } });
    expect(attaching.body).not.toContain(A_MARKER);
    expect(attaching.body).not.toContain(a.mediaFiles[0]);
  });
});

describe("every authenticated route, without a session", () => {
  it.each(AUTHENTICATED)("%s answers 401", async (key) => {
    const response = await send(buildRequest(ROUTES.get(key)!, idsA, idsA), undefined);
    expect({ status: response.statusCode, error: errorOf(response.body) }).toEqual({ status: 401, error: "ERR_SESSION_EXPIRED" });
  });
});

describe("company A's stored media", () => {
  it("answers 401 without a session, 404 to company B and the file to company A", async () => {
    for (const fileName of a.mediaFiles) {
      expect(fileName).toMatch(/^[0-9a-f]{32}\.png$/);
      const url = `/media/${fileName}`;
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
      const asB = await t.app.inject({ method: "GET", url, headers: bearer(b.adminToken) });
      expect({ status: asB.statusCode, error: errorOf(asB.body) }).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
      expect((await t.app.inject({ method: "GET", url, headers: bearer(a.adminToken) })).statusCode).toBe(200);
    }
  });

  it("cannot be reached from company B through a path outside its folder", async () => {
    const escapes = [`../${a.company.id}/${a.mediaFiles[0]}`, `..%2F${a.company.id}%2F${a.mediaFiles[0]}`, `%2e%2e%2f${a.company.id}%2f${a.mediaFiles[0]}`];
    for (const escape of escapes) {
      const response = await t.app.inject({ method: "GET", url: `/media/${escape}`, headers: bearer(b.adminToken) });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe("the public routes", () => {
  it("tell only the version and the health of the server", async () => {
    for (const url of ["/version", "/health"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(A_MARKER);
    }
  });

  it("log in and refresh only the caller's own account", async () => {
    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: "nobody@example.com", password: "wrong-password" } });
    expect({ status: login.statusCode, error: errorOf(login.body) }).toEqual({ status: 401, error: "ERR_INVALID_CREDENTIALS" });
    const refresh = await t.app.inject({ method: "POST", url: "/auth/refresh_token" });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.body).not.toContain(A_MARKER);
  });

  it("mail a reset code only to the account's own address, and set no password without that code, telling nothing of company A", async () => {
    const email = a.admin.email;
    const passwordHash = async () => (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, a.admin.id)))[0]?.hash;
    const hashBefore = await passwordHash();
    const forget = await t.app.inject({ method: "POST", url: `/forgetpassword/${encodeURIComponent(email)}`, remoteAddress: "10.77.0.1" });
    expect(forget.statusCode).toBe(200);
    expect(forget.body).not.toContain(A_MARKER);
    const mails = readdirSync(t.mailDir).map((file) => readFileSync(path.join(t.mailDir, file), "utf8"));
    expect(mails.map((mail) => /^To: (.*)$/m.exec(mail)?.[1])).toEqual([email]);

    const guess = await t.app.inject({ method: "POST", url: `/resetpasswords/${encodeURIComponent(email)}/ABCD2345/Senha-Nova-1`, remoteAddress: "10.77.0.1" });
    expect({ status: guess.statusCode, error: errorOf(guess.body) }).toEqual({ status: 400, error: "ERR_INVALID_RESET_CODE" });
    expect(guess.body).not.toContain(A_MARKER);
    expect(await passwordHash()).toBe(hashBefore);
  });

  it("list the plans with plan fields only, nothing of the companies on them", async () => {
    const response = await t.app.inject({ method: "GET", url: "/plans/list" });
    expect(response.statusCode).toBe(200);
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((plan) => plan.id)).toEqual(expect.arrayContaining([a.company.planId, b.company.planId]));
    for (const plan of list) expect(Object.keys(plan).filter((key) => /compan|email|phone|due/i.test(key))).toEqual([]);
    expect(response.body).not.toContain(A_MARKER);
  });

  it("answer company A's private plan by id to company B as no plan at all (404), and never without a session", async () => {
    const planOfA = a.company.planId!;
    await t.db.update(plans).set({ isPublic: false }).where(eq(plans.id, planOfA));
    try {
      for (const token of [b.adminToken, b.agentToken]) {
        const response = await t.app.inject({ method: "GET", url: `/plans/${planOfA}`, headers: { authorization: `Bearer ${token}` } });
        expect({ status: response.statusCode, error: errorOf(response.body) }).toEqual({ status: 404, error: "ERR_NO_PLAN_FOUND" });
      }
      expect((await t.app.inject({ method: "GET", url: `/plans/${planOfA}` })).statusCode).toBe(401);
      const own = await t.app.inject({ method: "GET", url: `/plans/${b.company.planId}`, headers: { authorization: `Bearer ${b.agentToken}` } });
      expect(own.json()).toMatchObject({ id: b.company.planId });
    } finally {
      await t.db.update(plans).set({ isPublic: true }).where(eq(plans.id, planOfA));
    }
  });

  it("tell a visitor whether sign-up is open, and nothing else", async () => {
    const response = await t.app.inject({ method: "GET", url: "/companies/cadastro" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true });
  });

  it("sign a company up as a company of its own: A's e-mail and name are refused without showing A, and A's id as the referrer ties nothing to A", async () => {
    const signUp = (payload: object) => t.app.inject({ method: "POST", url: "/companies/cadastro", payload, remoteAddress: "198.51.100.7" });
    const base = { name: "Newcomer Ltda", email: "newcomer@example.com", password: "Newcomer-pass-1", planId: b.company.planId };
    const withEmail = await signUp({ ...base, email: a.admin.email });
    expect({ status: withEmail.statusCode, error: errorOf(withEmail.body) }).toEqual({ status: 409, error: "ERR_EMAIL_ALREADY_EXISTS" });
    const withName = await signUp({ ...base, name: a.company.name.toLowerCase() });
    expect({ status: withName.statusCode, error: errorOf(withName.body) }).toEqual({ status: 409, error: "ERR_DUPLICATED_COMPANY" });
    const referred = await signUp({ ...base, companyId: a.company.id });
    expect(referred.statusCode, referred.body).toBe(200);
    expect(referred.json<{ id: number }>().id).not.toBe(a.company.id);
    for (const response of [withEmail, withName, referred]) expect(response.body).not.toContain(A_MARKER);
    expect(withName.body).not.toContain(a.company.name.toLowerCase());
  });

  it("settle no payment of company A without the provider's authentication, telling nothing of A", async () => {
    const body = { txid: idsA.charge, endToEndId: "E1", valor: "99.90", horario: "2026-11-24T12:00:00Z" };
    for (const url of ["/webhooks/pix/simulator", "/webhooks/pix/simulator/pix"]) {
      const response = await t.app.inject({ method: "POST", url, payload: body, headers: { "x-payment-signature": "0".repeat(64) } });
      expect({ status: response.statusCode, error: errorOf(response.body) }).toEqual({ status: 401, error: "ERR_PAYMENT_UNAUTHENTICATED" });
      expect(response.body).not.toContain(A_MARKER);
    }
    const efi = await t.app.inject({ method: "POST", url: "/webhooks/pix/efi?hmac=guess", payload: { pix: [{ endToEndId: "E1", txid: String(idsA.charge), valor: "99.90" }] } });
    expect(efi.statusCode).toBe(404);
    const [invoice] = await t.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, Number(idsA.invoice)));
    expect(invoice?.status).toBe("open");
  });

  it("take no notification into company A's official line without A's signature, nor A's at company B's, and answer A's handshake only to A's verify token", async () => {
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: cloudA.businessAccountId, changes: [{ field: "messages", value: { metadata: { phone_number_id: cloudA.phoneNumberId }, contacts: [{ wa_id: "5511911112222", profile: { name: "Forger" } }], messages: [{ id: "wamid.FORGED", from: "5511911112222", timestamp: "1795900000", type: "text", text: { body: "forged" } }] } }] }],
    });
    const post = (key: string, signature: string | undefined) =>
      t.app.inject({ method: "POST", url: `/webhooks/whatsapp-cloud/${key}`, headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) }, payload: body });
    const refused = [
      // A forged signature, none at all, and B's own app secret at A's key.
      await post(cloudA.webhookKey, `sha256=${"0".repeat(64)}`),
      await post(cloudA.webhookKey, undefined),
      await post(cloudA.webhookKey, signWebhook(body, cloudB.appSecret)),
      // A's notification, signed by A, replayed at B's key: B's connection takes only what B's secret signed.
      await post(cloudB.webhookKey, signWebhook(body, cloudA.appSecret)),
    ];
    for (const response of refused) {
      expect({ status: response.statusCode, error: errorOf(response.body) }).toEqual({ status: 401, error: "ERR_CLOUD_WEBHOOK_UNAUTHENTICATED" });
      expect(response.body).not.toContain(A_MARKER);
    }
    const handshake = (token: string) =>
      t.app.inject({ method: "GET", url: `/webhooks/whatsapp-cloud/${cloudA.webhookKey}?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${token}` });
    const withB = await handshake(cloudB.verifyToken);
    expect({ status: withB.statusCode, error: errorOf(withB.body) }).toEqual({ status: 403, error: "ERR_CLOUD_WEBHOOK_FORBIDDEN" });
    expect(withB.body).not.toContain(cloudA.verifyToken);
    expect((await handshake(cloudA.verifyToken)).body).toBe("42");
  });

  it("do not include the simulator's, which exist only while the simulator is on and need a session", async () => {
    const off = await buildTestApp({ simulator: false });
    try {
      expect(off.app.routeTable.filter((route) => route.url.startsWith("/simulator"))).toEqual([]);
    } finally {
      await off.close();
    }
    expect([...ROUTES.keys()].filter((key) => key.includes(" /simulator")).length).toBeGreaterThan(0);
  });

});

describe("the simulator, asked by company B", () => {
  it("lists only B's simulator connections, with their company and state, and never a token or a session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/simulator/connections", headers: bearer(b.adminToken) });
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((connection) => connection.id)).toEqual([b.connection.id]);
    const keys = new Set(list.flatMap((connection) => Object.keys(connection)));
    expect([...keys].sort()).toEqual(["companyId", "companyName", "id", "isRunning", "name", "number", "qrcode", "refuseSends", "retries", "status", "updatedAt"]);
  });

  it("never hands out the picture A sent to its simulated customer, nor A's chats, which A's own admin reads", async () => {
    const response = await t.app.inject({ method: "GET", url: `/simulator/media/${a.simulatorPicture.id}`, headers: bearer(b.adminToken) });
    expect({ status: response.statusCode, error: errorOf(response.body) }).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
    const own = await t.app.inject({ method: "GET", url: `/simulator/media/${a.simulatorPicture.id}`, headers: bearer(a.adminToken) });
    expect(own.statusCode, own.body).toBe(200);
    const chats = await t.app.inject({ method: "GET", url: `/simulator/connections/${a.connection.id}/chats`, headers: bearer(b.adminToken) });
    expect({ status: chats.statusCode, error: errorOf(chats.body) }).toEqual({ status: 404, error: "ERR_NO_WAPP_FOUND" });
    expect(chats.body).not.toContain(A_MARKER);
  });
});

describe("company B's own records with company A's natural keys", () => {
  it("are created as B's: the same contact number, queue colour, tag name and connection name", async () => {
    const asB = (url: string, payload: object) => t.app.inject({ method: "POST", url, headers: bearer(b.adminToken), payload });
    const contact = await asB("/contacts", { name: "Same number", number: `55119${1}0000001` });
    const queue = await asB("/queue", { name: "Same colour", color: "#111111" });
    const tag = await asB("/tags", { name: `${A_MARKER}-18` });
    const connection = await asB("/whatsapp", { name: a.connection.name, provider: "simulator" });
    for (const response of [contact, queue, tag, connection]) expect(response.statusCode, response.body).toBe(200);
    expect(contact.json<{ id: number }>().id).not.toBe(a.contact.id);
    expect(tag.json<{ id: number }>().id).not.toBe(a.tag.id);
    expect(connection.json<{ id: number }>().id).not.toBe(a.connection.id);
  });
});

describe("a super user's company administration (deliberately cross-company)", () => {
  it("reads another company's detail and plan, which a company's admin cannot", async () => {
    const superUser = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true, email: "bravo-super@example.com" });
    const { token } = await loginAs(t.app, superUser.email);
    for (const url of [`/companies/${a.company.id}`, `/companies/listPlan/${a.company.id}`]) {
      expect((await t.app.inject({ method: "GET", url, headers: bearer(token) })).statusCode).toBe(200);
      const asAdmin = await t.app.inject({ method: "GET", url, headers: bearer(b.adminToken) });
      expect({ status: asAdmin.statusCode, error: errorOf(asAdmin.body) }).toEqual({ status: 404, error: "ERR_NO_COMPANY_FOUND" });
    }
  });
});

describe("every connection-token route", () => {
  const TOKEN_B = "bravo-api-token-0123456789abcdef";
  beforeAll(async () => {
    await t.db.update(connections).set({ token: TOKEN_B }).where(eq(connections.id, b.connection.id));
  });

  it.each(Object.keys(TOKEN_ROUTES))("%s names no stored record in any body it reads", (key) => {
    const route = ROUTES.get(key)!;
    const bodies = Object.values(route.docs?.requestBodies ?? {});
    expect(bodies.length).toBeGreaterThan(0);
    expect(pathParamsOf(route.url)).toEqual([]);
    expect(bodies.flatMap((body) => idPlacesOf("body", jsonSchemaOf(body)))).toEqual([]);
    expect(idPlacesOf("querystring", jsonSchemaOf(route.querystring))).toEqual([]);
  });

  it.each(Object.keys(TOKEN_ROUTES))("%s answers 401 ERR_INVALID_API_TOKEN without a token, to a session's token and to a token of no connection", async (key) => {
    const route = ROUTES.get(key)!;
    const request = { ...buildRequest({ ...route, body: route.docs?.requestBodies?.["application/json"] }, idsB, idsA), multipart: false };
    for (const token of [undefined, b.adminToken, a.adminToken, `${TOKEN_B}-not`]) {
      const response = await send(request, token);
      expect({ status: response.statusCode, error: errorOf(response.body) }, String(token)).toEqual({ status: 401, error: "ERR_INVALID_API_TOKEN" });
    }
  });

  it.each(Object.keys(TOKEN_ROUTES))("%s with company B's token answers nothing of company A", async (key) => {
    const route = ROUTES.get(key)!;
    const response = await send({ ...buildRequest({ ...route, body: route.docs?.requestBodies?.["application/json"] }, idsB, idsA), multipart: false }, TOKEN_B);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain(A_MARKER);
  });
});

describe("company A's rows after every request above", () => {
  it("are unchanged", async () => {
    expect(await snapshotCompany(t.db, a.company.id)).toEqual(snapshotA);
  });

  it("and no row of any company references another company's row", async () => {
    expect(await crossCompanyReferences(t.db)).toEqual([]);
  });

  it("were checked through every route", () => {
    const foreign = Object.values(answers).reduce((sum, count) => sum + count, 0);
    console.log(
      `tenant isolation: ${ROUTES.size} routes (${AUTHENTICATED.length} authenticated, ${Object.keys(TOKEN_ROUTES).length} by connection token, ${Object.keys(PUBLIC_ROUTES).length} public, ${SWEPT.length} swept), ` +
        `${figures.idPlaces} id places, ${foreign} requests with company A's ids, ${figures.requests} requests in the sweeps, ` +
        `${Object.keys(ADMIN_ONLY).length} admin-only routes, ${Object.keys(SUPER_ONLY).length} super-only routes; A's ids answered ${JSON.stringify(answers)}`,
    );
    expect(figures.routes).toBe(SWEPT.length);
  });
});

describe("realtime, for a socket of company B's admin", () => {
  const sockets: Socket[] = [];
  let url: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  async function open(token: string): Promise<{ socket: Socket; received: string[] }> {
    const socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    sockets.push(socket);
    const received: string[] = [];
    socket.onAny((event: string) => received.push(event));
    await new Promise<void>((resolve, reject) => {
      socket.once("ready", () => resolve());
      socket.once("connect_error", reject);
    });
    return { socket, received };
  }

  it("receives no event of company A's tickets, messages, contacts, users, queues, tags or chats, whatever room it asks for", async () => {
    const spy = await open(b.adminToken);
    const witness = await open(a.adminToken);
    const tries = [a.ticket.id, String(a.ticket.id), a.ticket.uuid, `${a.company.id}-${a.ticket.id}`, `company-${a.company.id}`, `company-${a.company.id}-ticket`, "../1"];
    for (const ticket of tries) spy.socket.emit(CLIENT_EVENTS.joinChatBox, ticket);
    spy.socket.emit(CLIENT_EVENTS.joinNotification, a.company.id);
    spy.socket.emit(CLIENT_EVENTS.joinNotification);
    for (const status of [...TICKET_STATUSES, `${a.company.id}-open`, `company-${a.company.id}-open`]) spy.socket.emit(CLIENT_EVENTS.joinTickets, status);
    spy.socket.emit(CLIENT_EVENTS.userStatus);
    witness.socket.emit(CLIENT_EVENTS.joinChatBox, String(a.ticket.id));
    witness.socket.emit(CLIENT_EVENTS.joinNotification);
    for (const status of TICKET_STATUSES) witness.socket.emit(CLIENT_EVENTS.joinTickets, status);
    await new Promise((resolve) => setTimeout(resolve, 100));
    spy.received.length = 0;

    const asA = (method: "POST" | "PUT" | "DELETE", path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers: bearer(a.adminToken), ...(payload ? { payload } : {}) });
    // The simulator session is not running: the message is stored and queued (and announced) all the same.
    const queuedMessage = await asA("POST", `/messages/${a.ticket.id}`, { body: `${A_MARKER}-realtime` });
    expect(queuedMessage.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED", details: { queued: true } });
    const changes = [
      await asA("PUT", `/tickets/${a.ticket.id}`, { status: "pending" }),
      await asA("PUT", `/tickets/${a.ticket.id}`, { status: "open", userId: a.admin.id }),
      await asA("PUT", `/contacts/${a.contact.id}`, { name: `${A_MARKER}-30`, number: "551110000001" }),
      await asA("POST", "/contacts", { name: `${A_MARKER}-31`, number: "551110000099" }),
      await asA("PUT", `/users/${a.agent.id}`, { name: `${A_MARKER}-32`, email: a.agent.email }),
      await asA("PUT", `/queue/${a.queue.id}`, { name: `${A_MARKER}-33`, color: "#111111" }),
      await asA("POST", "/tags", { name: `${A_MARKER}-34` }),
      await asA("PUT", `/tags/${a.tag.id}`, { name: `${A_MARKER}-35` }),
      await asA("POST", `/chats/${a.chat.id}/messages`, { message: `${A_MARKER}-36` }),
    ];
    expect(changes.map((response) => `${response.statusCode} ${response.statusCode === 200 ? "" : response.body}`)).toEqual(changes.map(() => "200 "));
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (const channel of ["ticket", "appMessage", "contact", "user", "queue", "tag", "chat"] as const) expect(witness.received).toContain(companyEvent(a.company.id, channel));
    expect(spy.received).toEqual([]);
  });

  it("receives the announcements a super user of another company publishes, live, but never an inactive one", async () => {
    const superUser = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true, email: "bravo-announcer@example.com" });
    const superToken = (await loginAs(t.app, superUser.email)).token;
    const reader = await open(a.agentToken);
    const payloads: unknown[] = [];
    reader.socket.on(ANNOUNCEMENT_EVENT, (payload: unknown) => payloads.push(payload));
    const asSuper = (method: "POST" | "PUT", path: string, payload: object) => t.app.inject({ method, url: path, headers: bearer(superToken), payload });

    const shown = (await asSuper("POST", "/announcements", { title: "BRAVO-announcement", text: "para todas as empresas" })).json<{ id: number }>();
    const hidden = (await asSuper("POST", "/announcements", { title: "BRAVO-draft", text: "rascunho", status: false })).json<{ id: number }>();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(payloads).toEqual([{ action: "create", record: expect.objectContaining({ id: shown.id, title: "BRAVO-announcement" }) }]);
    const list = await t.app.inject({ method: "GET", url: "/announcements", headers: bearer(a.agentToken) });
    expect(list.body).toContain("BRAVO-announcement");
    expect(list.body).not.toContain("BRAVO-draft");
    const one = await t.app.inject({ method: "GET", url: `/announcements/${hidden.id}`, headers: bearer(a.adminToken) });
    expect({ status: one.statusCode, error: errorOf(one.body) }).toEqual({ status: 404, error: "ERR_NO_ANNOUNCEMENT_FOUND" });
  });
});
