import { desc, eq, gt } from "drizzle-orm";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, type AuditAction } from "@conversa/shared";
import { buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createCompany, createPlan, createSimulatorConnection, createUser, loginAs } from "../../test/factories.ts";
import { auditLogs, campaigns, invoices, users as usersTable } from "../db/schema/index.ts";
import { PNG, multipartFile } from "../modules/queues/upload-fixtures.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { type BuiltRequest, type TenantIds, buildRequest } from "./route-requests.ts";
import { type SeededTenant, idsOf, seedTenant } from "./seed-tenant.ts";

/*
 * The audit walk (issue 33): every route of the route table that changes data is either audited, with
 * the action its entry must carry, or listed below as not administrative, with why. A new route that is
 * in neither fails the walk; an audited route that answers 2xx without writing its entry fails it too.
 */

const t = await buildTestApp({ logLevel: "error" });
const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;
const ROUTES = new Map(t.app.routeTable.map((route) => [keyOf(route), route]));

type By = "admin" | "super";

/** What one audited route's request needs beyond the schemas' samples. */
interface Audited {
  action: AuditAction;
  /** Who sends it: the tenant's admin (default) or a super user. */
  by?: By;
  /** Changes the built request (its url, body) so that it succeeds. */
  request?: (built: BuiltRequest, w: Walk) => Promise<Override> | Override;
}

/** A request's changes: its url, body, and for an upload the file it sends (a PNG unless named). */
type Override = Partial<BuiltRequest> & { file?: { name: string; content: Buffer; type: string } };

/** What the requests read: the seeded tenant, its ids, and the installation's throwaway records. */
interface Walk {
  tenant: SeededTenant;
  ids: TenantIds;
}

let unique = 0;
const next = () => ++unique;

async function json<T>(method: "POST" | "PUT", url: string, token: string, payload: object): Promise<T> {
  const response = await t.app.inject({ method, url, headers: bearer(token), payload });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

let superToken = "";
const made = (method: "POST", url: string, payload: object, token = superToken) => json<{ id: number }>(method, url, token, payload);

/**
 * Every route that changes administrative data, with the action of its entry. The deletes come last,
 * each on a record of its own, so that no request takes away a record a later one needs.
 */
const AUDITED: Record<string, Audited> = {
  "PUT /settings/:key": { action: "settings.update", request: () => ({ url: "/settings/userRating", body: { value: "enabled" } }) },
  "PUT /companies/:id/schedules": { action: "company.schedules.update" },
  "POST /companies": { action: "company.create", by: "super" },
  "PUT /companies/:id": { action: "company.update", by: "super", request: (built) => ({ body: { ...asObject(built.body), name: `walk company ${next()}` } }) },
  "POST /companies/cadastro": { action: "company.signup", request: (built) => ({ body: { ...asObject(built.body), name: `signed up ${next()}` } }) },
  "PUT /installation-settings/:key": { action: "installation_settings.update", by: "super", request: () => ({ url: "/installation-settings/auditRetentionDays", body: { value: String(400 + next()) } }) },
  "POST /plans": { action: "plan.create", by: "super" },
  "PUT /plans/:id": { action: "plan.update", by: "super", request: async (built) => ({ url: `/plans/${(await createPlan(t.db)).id}`, body: built.body }) },
  "POST /helps": { action: "help.create", by: "super" },
  "PUT /helps/:id": { action: "help.update", by: "super", request: async (built) => ({ url: `/helps/${(await throwawayHelp()).id}` , body: built.body }) },
  "POST /announcements": { action: "announcement.create", by: "super" },
  "PUT /announcements/:id": { action: "announcement.update", by: "super", request: async (built) => ({ url: `/announcements/${(await throwawayAnnouncement()).id}`, body: built.body }) },
  "POST /announcements/:id/media-upload": { action: "announcement.update", by: "super", request: async () => ({ url: `/announcements/${(await throwawayAnnouncement()).id}/media-upload` }) },
  "PUT /tags/kanban/order": { action: "kanban.order.update", request: (_built, w) => ({ body: { tagIds: [w.tenant.tag.id] } }) },
  "POST /tags": { action: "tag.create" },
  "PUT /tags/:id": { action: "tag.update" },
  "POST /prompt": { action: "prompt.create" },
  "PUT /prompt/:id": { action: "prompt.update" },
  "POST /queueIntegration": { action: "integration.create", request: () => ({ body: webhookIntegration() }) },
  "PUT /queueIntegration/:id": { action: "integration.update", request: () => ({ body: webhookIntegration() }) },
  "POST /users": { action: "user.create" },
  "PUT /users/:id": { action: "user.update" },
  "POST /contacts/:id/erase": { action: "contact.erase", request: async (_built, w) => eraseRequest(w) },
  "GET /contacts/:id/export": { action: "contact.export" },
  "POST /whatsapp": { action: "connection.create" },
  "PUT /whatsapp/:id": { action: "connection.update" },
  "POST /whatsappsession/:id": { action: "connection.session.start" },
  "PUT /whatsappsession/:id": { action: "connection.session.restart" },
  "POST /queue": { action: "queue.create" },
  "PUT /queue/:id": { action: "queue.update" },
  "POST /queue/:id/media-upload": { action: "queue.update" },
  "POST /queue-options": { action: "queue_option.create" },
  "PUT /queue-options/:id": { action: "queue_option.update" },
  "POST /queue-options/:id/media-upload": { action: "queue_option.update" },
  "PUT /queue/:id/config": { action: "distribution.config.update" },
  "POST /stores": { action: "distribution.store.create" },
  "PUT /stores/:id": { action: "distribution.store.update" },
  "POST /stores/:id/rules": { action: "distribution.rule.create" },
  "PUT /stores/:id/rules/:ruleId": { action: "distribution.rule.update" },
  "PUT /stores/:id/rules/:ruleId/reset-rr": { action: "distribution.rule.reset" },
  "POST /contact-lists": { action: "contact_list.create" },
  "PUT /contact-lists/:id": { action: "contact_list.update" },
  "POST /contact-lists/:id/upload": { action: "contact_list.import", request: () => ({ multipart: true, file: { name: "contatos.xlsx", content: spreadsheet(), type: "application/octet-stream" } }) },
  "POST /contact-list-items": { action: "contact_list_item.create" },
  "PUT /contact-list-items/:id": { action: "contact_list_item.update" },
  "POST /campaigns": { action: "campaign.create" },
  "PUT /campaigns/:id": { action: "campaign.update" },
  "POST /campaigns/:id/media-upload": { action: "campaign.update" },
  "POST /campaigns/:id/test-send": { action: "campaign.test_send", request: async (built, w) => ({ url: `/campaigns/${await campaignIn(w, "INATIVA")}/test-send`, body: built.body }) },
  "POST /campaigns/:id/pause": { action: "campaign.pause", request: async (_built, w) => ({ url: `/campaigns/${await campaignIn(w, "EM_ANDAMENTO")}/pause` }) },
  "POST /campaigns/:id/resume": { action: "campaign.resume", request: async (_built, w) => ({ url: `/campaigns/${await campaignIn(w, "EM_ANDAMENTO", true)}/resume` }) },
  "POST /campaigns/:id/cancel": { action: "campaign.cancel", request: async (_built, w) => ({ url: `/campaigns/${await campaignIn(w, "EM_ANDAMENTO")}/cancel` }) },
  "POST /campaigns/:id/restart": { action: "campaign.restart", request: async (_built, w) => ({ url: `/campaigns/${await campaignIn(w, "CANCELADA")}/restart` }) },
  "POST /campaign-settings": { action: "campaign_settings.update" },
  "PUT /campaign-settings/pacing/:whatsappId": { action: "campaign_settings.update" },
  "POST /files": { action: "file_list.create" },
  "PUT /files/:id": { action: "file_list.update" },
  "POST /files/uploadList/:id": { action: "file_list.upload", request: () => ({ multipart: true }) },
  "POST /subscription/invoice": { action: "invoice.create" },
  "POST /subscription": {
    action: "subscription.checkout",
    request: async (built, w) => ({ body: { ...asObject(built.body), invoiceId: (await made("POST", "/subscription/invoice", {}, w.tenant.adminToken)).id } }),
  },
  "POST /billing/invoices/:id/mark-paid": { action: "invoice.mark_paid", by: "super", request: async (built) => ({ url: `/billing/invoices/${await openInvoice()}/mark-paid`, body: built.body }) },
  "POST /billing/invoices/:id/cancel": { action: "invoice.cancel", by: "super", request: async (built) => ({ url: `/billing/invoices/${await openInvoice()}/cancel`, body: built.body }) },
  // The deletes, children before their parents.
  "DELETE /announcements/:id/media-upload": { action: "announcement.update", by: "super", request: async () => ({ url: `/announcements/${(await throwawayAnnouncement(true)).id}/media-upload` }) },
  "DELETE /queue/:id/media-upload": { action: "queue.update" },
  "DELETE /queue-options/:id/media-upload": { action: "queue_option.update" },
  "DELETE /campaigns/:id/media-upload": { action: "campaign.update" },
  "DELETE /stores/:id/rules/:ruleId": { action: "distribution.rule.delete" },
  "DELETE /stores/:id": { action: "distribution.store.delete" },
  "DELETE /campaigns/:id": { action: "campaign.delete" },
  "DELETE /contact-list-items/:id": { action: "contact_list_item.delete" },
  "DELETE /contact-lists/:id": { action: "contact_list.delete" },
  "DELETE /files/:id": { action: "file_list.delete" },
  "DELETE /tags/:id": { action: "tag.delete" },
  "DELETE /prompt/:id": { action: "prompt.delete" },
  "DELETE /queueIntegration/:id": { action: "integration.delete" },
  "DELETE /queue-options/:id": { action: "queue_option.delete" },
  "DELETE /tickets/:id": { action: "ticket.delete" },
  "DELETE /contacts/:id": { action: "contact.delete", request: (_built, w) => ({ url: `/contacts/${w.tenant.otherContact.id}` }) },
  "DELETE /whatsappsession/:id": { action: "connection.session.disconnect" },
  "DELETE /whatsapp/:id": { action: "connection.delete", request: async (_built, w) => ({ url: `/whatsapp/${(await createSimulatorConnection(t.db, { companyId: w.tenant.company.id, name: `spare ${next()}` })).id}` }) },
  "DELETE /queue/:id": { action: "queue.delete", request: async (_built, w) => ({ url: `/queue/${(await made("POST", "/queue", { name: `spare queue ${next()}`, color: "#5a5a5a" }, w.tenant.adminToken)).id}` }) },
  "DELETE /users/:id": { action: "user.delete" },
  "DELETE /users/:id/2fa": {
    action: "auth.2fa.reset",
    request: async (_built, w) => {
      const target = await createUser(t.db, { companyId: w.tenant.company.id, name: `two-factor ${next()}` });
      await t.db.update(usersTable).set({ totpSecret: "sealed", totpEnabledAt: new Date(), recoveryCodes: [] }).where(eq(usersTable.id, target.id));
      return { url: `/users/${target.id}/2fa` };
    },
  },
  "DELETE /helps/:id": { action: "help.delete", by: "super", request: async () => ({ url: `/helps/${(await throwawayHelp()).id}` }) },
  "DELETE /announcements/:id": { action: "announcement.delete", by: "super", request: async () => ({ url: `/announcements/${(await throwawayAnnouncement()).id}` }) },
  "DELETE /plans/:id": { action: "plan.delete", by: "super", request: async () => ({ url: `/plans/${(await createPlan(t.db)).id}` }) },
  "DELETE /companies/:id": { action: "company.delete", by: "super", request: async () => ({ url: `/companies/${(await createCompany(t.db, { name: `spare company ${next()}` })).id}` }) },
};

/** Routes that change data and are not administrative changes, each with why. */
const NOT_ADMINISTRATIVE: Record<string, string> = {
  "POST /auth/login": "a security event, recorded as auth.login / auth.login_failed (modules/auth tests)",
  "POST /auth/refresh_token": "renews the caller's own session",
  "DELETE /auth/logout": "a security event, recorded as auth.logout (modules/auth tests)",
  "POST /auth/2fa/setup": "a secret pending on the caller's own account; nothing changes until it is confirmed",
  "POST /auth/2fa/enable": "a security event of the caller's own account, recorded as auth.2fa.enable (modules/auth/two-factor tests)",
  "POST /auth/2fa/disable": "a security event of the caller's own account, recorded as auth.2fa.disable (modules/auth/two-factor tests)",
  "POST /forgetpassword/:email": "a security event, recorded as auth.password_reset_request (modules/account-codes tests)",
  "POST /resetpasswords/:email/:token/:newPassword": "a security event, recorded as auth.password_reset (modules/account-codes tests)",
  "POST /messages/:ticketId": "the conversation itself",
  "DELETE /messages/:id": "the conversation itself",
  "POST /messages/:id/retry": "the conversation itself",
  "POST /tickets": "the day's work on tickets",
  "PUT /tickets/:id": "the day's work on tickets (ticket events record it)",
  "POST /tags/sync": "tagging a ticket, the day's work",
  "PUT /ticket-tags/:ticketId/:tagId": "tagging a ticket, the day's work",
  "DELETE /ticket-tags/:ticketId": "tagging a ticket, the day's work",
  "POST /ticket-notes": "notes on a ticket, the day's work",
  "DELETE /ticket-notes/:id": "notes on a ticket, the day's work",
  "POST /quick-messages": "quick replies, every attendant's own tool",
  "PUT /quick-messages/:id": "quick replies, every attendant's own tool",
  "DELETE /quick-messages/:id": "quick replies, every attendant's own tool",
  "POST /quick-messages/:id/media-upload": "quick replies, every attendant's own tool",
  "DELETE /quick-messages/:id/media-upload": "quick replies, every attendant's own tool",
  "POST /contacts": "contacts, kept by every attendant",
  "PUT /contacts/:id": "contacts, kept by every attendant",
  "POST /contacts/upload": "contacts, kept by every attendant",
  "POST /contacts/import": "contacts, kept by every attendant",
  "POST /schedules": "scheduled messages, the day's work",
  "PUT /schedules/:id": "scheduled messages, the day's work",
  "DELETE /schedules/:id": "scheduled messages, the day's work",
  "POST /schedules/:id/media-upload": "scheduled messages, the day's work",
  "DELETE /schedules/:id/media-upload": "scheduled messages, the day's work",
  "POST /chats": "the internal chat",
  "PUT /chats/:id": "the internal chat",
  "DELETE /chats/:id": "the internal chat",
  "POST /chats/:id/read": "the internal chat",
  "POST /chats/:id/messages": "the internal chat",
  "POST /prompt/:id/test": "tries a prompt; changes nothing",
  "POST /queueIntegration/testSession": "tries an integration; changes nothing",
  "POST /payment-simulator/charges/:txid/pay": "the simulated bank paying a charge; the settlement is recorded as invoice.paid by the system (billing tests)",
  "POST /webhooks/pix/:provider": "the payment provider's notice; the settlement is recorded as invoice.paid by the system (billing tests)",
  "POST /webhooks/pix/:provider/pix": "the payment provider's notice; the settlement is recorded as invoice.paid by the system (billing tests)",
  "POST /webhooks/whatsapp-cloud/:webhookKey": "Meta's notification of customers' messages and delivery statuses: the conversation itself, like the messages a phone session receives, not an administrative change",
  "POST /simulator/connections/:id/scan": "the simulated phone",
  "POST /simulator/connections/:id/messages": "the simulated phone's customers",
  "POST /simulator/connections/:id/messages/batch": "the simulated phone's customers",
  "POST /simulator/connections/:id/chats/:number/read": "the simulated phone's customers",
  "POST /simulator/connections/:id/disconnect": "the simulated phone",
  "PUT /simulator/connections/:id/sends": "the simulated phone",
  "POST /api/messages/send": "the external API's messages, the conversation itself",
};

let walk: Walk;
const tokens: Record<By, string> = { admin: "", super: "" };

async function throwawayHelp(): Promise<{ id: number }> {
  return made("POST", "/helps", { title: `help ${next()}`, video: "dQw4w9WgXcQ", description: "spare" });
}

async function throwawayAnnouncement(withPicture = false): Promise<{ id: number }> {
  const announcement = await made("POST", "/announcements", { title: `announcement ${next()}`, text: "spare", priority: 1, status: true });
  if (withPicture) {
    const response = await t.app.inject({ method: "POST", url: `/announcements/${announcement.id}/media-upload`, ...multipartFile(superToken, { name: "picture.png", content: PNG, type: "image/png" }) });
    if (response.statusCode !== 200) throw new Error(`announcement picture: ${response.statusCode} ${response.body}`);
  }
  return announcement;
}

const asObject = (value: unknown): object => (typeof value === "object" && value !== null ? value : {});

function webhookIntegration(): object {
  return { type: "webhook", name: `walk hook ${next()}`, urlN8N: "http://hooks.conversa.invalid/hook" };
}

function spreadsheet(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["name", "number"], ["Walk", `55119${String(60_000_000 + next())}`]]), "Contatos");
  const written: unknown = XLSX.write(book, { bookType: "xlsx", type: "buffer" });
  if (!Buffer.isBuffer(written)) throw new Error("no spreadsheet");
  return written;
}

/** A complete campaign of the tenant put in a state (as its dispatch would), for the state changes. */
async function campaignIn(w: Walk, status: "INATIVA" | "EM_ANDAMENTO" | "CANCELADA", paused = false): Promise<number> {
  const { tenant } = w;
  const campaign = await made("POST", "/campaigns", { name: `walk campaign ${next()}`, message1: "Olá", whatsappId: tenant.connection.id, contactListId: tenant.contactList.id }, tenant.adminToken);
  await t.db.update(campaigns).set({ status, pausedAt: paused ? new Date() : null }).where(eq(campaigns.id, campaign.id));
  return campaign.id;
}

/** A fresh open invoice of a company of its own. */
async function openInvoice(): Promise<number> {
  const company = await createCompany(t.db, { name: `invoiced company ${next()}` });
  const [invoice] = await t.db
    .insert(invoices)
    .values({ companyId: company.id, detail: "walk", valueCents: 9990, dueDate: new Date(Date.now() + 86_400_000), status: "open" })
    .returning({ id: invoices.id });
  return invoice!.id;
}

async function eraseRequest(w: Walk): Promise<Partial<BuiltRequest>> {
  const number = `55119${String(70_000_000 + next())}`;
  const contact = await made("POST", "/contacts", { name: `to erase ${next()}`, number }, w.tenant.adminToken);
  return { url: `/contacts/${contact.id}/erase`, body: { number } };
}

beforeAll(async () => {
  // The job queue takes the sends that schedules, campaigns and messages queue; no worker runs.
  await t.platform.jobs.start();
  const tenant = await seedTenant(t.app, t.db, t.platform.media, "AUDITWALK", 1);
  const superUser = await createUser(t.db, { companyId: tenant.company.id, profile: "admin", isSuper: true, email: "audit-walk-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
  walk = { tenant, ids: idsOf(tenant) };
  tokens.admin = tenant.adminToken;
  tokens.super = superToken;
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function send(request: BuiltRequest & Override, token: string) {
  if (request.multipart) {
    return t.app.inject({ method: "POST", url: request.url, query: request.query, ...multipartFile(token, request.file ?? { name: "picture.png", content: PNG, type: "image/png" }) });
  }
  return t.app.inject({ method: request.method as "GET", url: request.url, query: request.query, headers: bearer(token), ...(request.body === undefined ? {} : { payload: request.body as object }) });
}

describe("the audit walk's tables", () => {
  it("holds every route that changes data, audited or not administrative, and no route twice or unknown", () => {
    const changing = t.app.routeTable.filter((route) => route.method !== "GET").map(keyOf);
    const unlisted = changing.filter((key) => AUDITED[key] === undefined && NOT_ADMINISTRATIVE[key] === undefined);
    expect(unlisted).toEqual([]);
    expect(Object.keys(AUDITED).filter((key) => NOT_ADMINISTRATIVE[key] !== undefined)).toEqual([]);
    expect([...Object.keys(AUDITED), ...Object.keys(NOT_ADMINISTRATIVE)].filter((key) => !ROUTES.has(key))).toEqual([]);
    expect(Object.values(AUDITED).every((entry) => AUDIT_ACTIONS.includes(entry.action))).toBe(true);
  });
});

describe("every administrative change writes its audit entry", () => {
  it.each(Object.keys(AUDITED))("%s", async (key) => {
    const audited = AUDITED[key]!;
    const route = ROUTES.get(key)!;
    const built = buildRequest(route, walk.ids, walk.ids);
    const request = { ...built, ...(await audited.request?.(built, walk)) };
    const by = audited.by ?? "admin";
    const [latest] = await t.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    const response = await send(request, tokens[by]);
    expect({ status: response.statusCode < 300 ? "2xx" : response.statusCode, body: response.statusCode < 300 ? "" : response.body }).toEqual({ status: "2xx", body: "" });
    const entries = await t.db.select().from(auditLogs).where(gt(auditLogs.id, latest?.id ?? 0));
    const entry = entries.find((row) => row.action === audited.action);
    expect(entry, `${key} wrote ${entries.map((row) => row.action).join(", ") || "no entry"}`).toBeDefined();
    expect(entry!.ip).toBeTruthy();
    if (key !== "POST /companies/cadastro") expect(entry!.userId).toBe(by === "admin" ? walk.tenant.admin.id : (await superUserId()));
  });
});

let superId: number | undefined;
async function superUserId(): Promise<number> {
  superId ??= (await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(superToken) })).json<{ id: number }>().id;
  return superId;
}
