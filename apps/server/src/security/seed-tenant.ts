import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { distributionLogs, messages, simulatorMessages, userRatings } from "../db/schema/index.ts";
import type { MediaStore } from "../media/media-store.ts";
import { PNG, multipartFile } from "../modules/queues/upload-fixtures.ts";
import { bearer, createCompany, createSimulatorConnection, createUser, loginAs } from "../../test/factories.ts";
import type { TenantIds } from "./route-requests.ts";

/** A company with one record of every kind, each named with `marker` so that a leak of it can be found in any answer. */
export type SeededTenant = Awaited<ReturnType<typeof seedTenant>>;

async function call<T = { id: number }>(app: FastifyInstance, token: string, method: "POST" | "PUT", url: string, payload: object): Promise<T> {
  const response = await app.inject({ method, url, headers: bearer(token), payload });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

async function upload<T = { id: number }>(app: FastifyInstance, token: string, url: string): Promise<T> {
  const response = await app.inject({ method: "POST", url, ...multipartFile(token, { name: "picture.png", content: PNG, type: "image/png" }) });
  if (response.statusCode !== 200) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

const fileNameOf = (mediaPath: string | null) => (mediaPath ?? "").replace(/^\/media\//, "");

/**
 * Builds a tenant through the API and the factories: admin and user-profile accounts, a simulator
 * connection, two queues (one with an option and media), a contact with extra info, an open ticket
 * with a text and a media message, a note, a tag on the ticket, shared and personal quick replies (one
 * with media), a schedule with media, a distribution log, a rating, a picture the company sent to the
 * simulator's customer (as the simulator stores it), an internal chat of the admin with the agent, an AI
 * prompt and a webhook integration, a distribution store (with a rule and a queue in it) and a queue config,
 * a contact list with a contact, a file list with a file, campaign settings with a variable and a campaign with media.
 */
export async function seedTenant(app: FastifyInstance, db: Db, media: MediaStore, marker: string, seq: number) {
  const mark = (n: number) => `${marker}-${n}`;
  const company = await createCompany(db, { name: mark(1) });
  const admin = await createUser(db, { companyId: company.id, profile: "admin", name: mark(2), email: `${marker.toLowerCase()}-admin@example.com` });
  const agent = await createUser(db, { companyId: company.id, profile: "user", name: mark(3), email: `${marker.toLowerCase()}-agent@example.com` });
  const adminToken = (await loginAs(app, admin.email)).token;
  const agentToken = (await loginAs(app, agent.email)).token;
  const connection = await createSimulatorConnection(db, { companyId: company.id, name: mark(4), isDefault: true });

  const queue = await call(app, adminToken, "POST", "/queue", { name: mark(5), color: seq === 1 ? "#111111" : "#222222", greetingMessage: mark(6) });
  const otherQueue = await call(app, adminToken, "POST", "/queue", { name: mark(7), color: seq === 1 ? "#333333" : "#444444" });
  await upload(app, adminToken, `/queue/${otherQueue.id}/media-upload`);
  const queueOption = await call(app, adminToken, "POST", "/queue-options", { queueId: queue.id, title: mark(8), message: mark(9) });
  await upload(app, adminToken, `/queue-options/${queueOption.id}/media-upload`);
  await call(app, adminToken, "PUT", `/users/${agent.id}`, { name: mark(3), email: agent.email, queueIds: [queue.id] });

  const contact = await call<{ id: number; extraInfo: { id: number }[] }>(app, adminToken, "POST", "/contacts", {
    name: mark(10),
    number: `55119${seq}0000001`,
    email: `${marker.toLowerCase()}@example.com`,
    extraInfo: [{ name: mark(11), value: mark(12) }],
  });
  const extraInfoId = contact.extraInfo[0]!.id;
  const otherContact = await call(app, adminToken, "POST", "/contacts", { name: mark(13), number: `55119${seq}0000002` });

  const ticket = await call<{ id: number; uuid: string }>(app, adminToken, "POST", "/tickets", {
    contactId: contact.id,
    queueId: queue.id,
    whatsappId: connection.id,
    userId: admin.id,
    status: "open",
  });
  const stored = await media.save(company.id, PNG, `${mark(14)}.png`);
  const [text] = await db
    .insert(messages)
    .values({ companyId: company.id, ticketId: ticket.id, contactId: contact.id, whatsappId: connection.id, body: mark(15), fromMe: true, userId: admin.id, wid: `${marker}-wid-1` })
    .returning();
  const [picture] = await db
    .insert(messages)
    .values({
      companyId: company.id,
      ticketId: ticket.id,
      contactId: contact.id,
      whatsappId: connection.id,
      body: mark(16),
      mediaType: "image",
      mediaUrl: stored.fileName,
      mediaName: stored.originalName,
      mediaMime: stored.mime,
      mediaSize: stored.size,
      wid: `${marker}-wid-2`,
    })
    .returning();
  const note = await call(app, adminToken, "POST", "/ticket-notes", { note: mark(17), ticketId: ticket.id, contactId: contact.id });
  const tag = await call(app, adminToken, "POST", "/tags", { name: mark(18), kanban: 1 });
  await call(app, adminToken, "POST", "/tags/sync", { ticketId: ticket.id, tags: [{ id: tag.id }] });

  const sharedQuick = await call(app, adminToken, "POST", "/quick-messages", { shortcode: mark(19), message: mark(20), geral: true });
  const personalQuick = await call(app, agentToken, "POST", "/quick-messages", { shortcode: mark(21), message: mark(22), geral: false });
  const quickWithMedia = await upload<{ id: number; mediaPath: string | null }>(app, adminToken, `/quick-messages/${sharedQuick.id}/media-upload`);
  const schedule = await call(app, adminToken, "POST", "/schedules", { body: mark(23), sendAt: new Date(Date.now() + 86_400_000).toISOString(), contactId: otherContact.id });
  const scheduleWithMedia = await upload<{ id: number; mediaPath: string | null }>(app, adminToken, `/schedules/${schedule.id}/media-upload`);

  await db.insert(distributionLogs).values({ companyId: company.id, ticketId: ticket.id, toQueueId: queue.id, assignedUserId: agent.id, strategy: "manual", message: mark(24) });
  await db.insert(userRatings).values({ companyId: company.id, ticketId: ticket.id, userId: admin.id, rate: 3 });
  const storedPath = (await media.resolve(company.id, stored.fileName))?.path;
  const [simulatorPicture] = await db
    .insert(simulatorMessages)
    .values({
      companyId: company.id,
      connectionId: connection.id,
      direction: "out",
      customerNumber: `55119${seq}0000001`,
      customerName: mark(25),
      wid: `${marker}-sim-1`,
      kind: "image",
      body: mark(26),
      media: { media: { mimetype: "image/png", filename: `${mark(27)}.png`, size: PNG.length, voice: false, path: storedPath } },
      ack: 2,
    })
    .returning();

  const store = await call(app, adminToken, "POST", "/stores", { name: mark(30) });
  await call(app, adminToken, "PUT", `/queue/${otherQueue.id}`, { name: mark(7), color: seq === 1 ? "#333333" : "#444444", storeId: store.id });
  const rule = await call(app, adminToken, "POST", `/stores/${store.id}/rules`, { name: mark(31), match: mark(32), userIds: [agent.id], queueId: otherQueue.id });
  await call(app, adminToken, "PUT", `/queue/${queue.id}/config`, { keywords: mark(33), maxOpenPerAgent: 5 });

  const chat = await call<{ id: number; uuid: string }>(app, adminToken, "POST", "/chats", { title: mark(28), users: [agent.id] });
  const prompt = await call(app, adminToken, "POST", "/prompt", { name: mark(30), prompt: mark(31), queueId: queue.id, apiKey: `sk-${mark(32)}` });
  const integration = await call(app, adminToken, "POST", "/queueIntegration", { type: "webhook", name: mark(33), urlN8N: "http://hooks.conversa.invalid/hook" });
  await call(app, agentToken, "POST", `/chats/${chat.id}/messages`, { message: mark(29) });

  const invoice = await call<{ id: number }>(app, adminToken, "POST", "/subscription/invoice", {});
  const charge = await call<{ txid: string }>(app, adminToken, "POST", "/subscription", {
    firstName: mark(30),
    address2: "Rua 1",
    city: "Cidade",
    zipcode: "01000-000",
    country: "BR",
    invoiceId: invoice.id,
  });
  const contactList = await call(app, adminToken, "POST", "/contact-lists", { name: mark(30) });
  const contactListItem = await call(app, adminToken, "POST", "/contact-list-items", { name: mark(31), number: `55119${seq}0000003`, contactListId: contactList.id });
  const fileList = await call(app, adminToken, "POST", "/files", { name: mark(32), message: mark(33), options: [{ name: mark(34) }] });
  const fileListWithFile = await upload<{ options: { path: string | null }[] }>(app, adminToken, `/files/uploadList/${fileList.id}`);
  await call(app, adminToken, "POST", "/campaign-settings", { settings: { variables: [{ key: "segredo", value: mark(35) }] } });
  const campaign = await call(app, adminToken, "POST", "/campaigns", {
    name: mark(36),
    message1: mark(37),
    whatsappId: connection.id,
    contactListId: contactList.id,
    fileListId: fileList.id,
  });
  const campaignWithMedia = await upload<{ mediaPath: string | null }>(app, adminToken, `/campaigns/${campaign.id}/media-upload`);

  return {
    marker,
    company,
    admin,
    agent,
    adminToken,
    agentToken,
    connection,
    queue,
    otherQueue,
    queueOption,
    contact,
    otherContact,
    extraInfoId,
    ticket,
    textMessage: text!,
    mediaMessage: picture!,
    mediaFiles: [
      stored.fileName,
      fileNameOf(quickWithMedia.mediaPath),
      fileNameOf(scheduleWithMedia.mediaPath),
      fileNameOf(campaignWithMedia.mediaPath),
      fileNameOf(fileListWithFile.options[0]?.path ?? null),
    ],
    note,
    tag,
    sharedQuick,
    personalQuick,
    schedule,
    simulatorPicture: simulatorPicture!,
    chat,
    invoice,
    charge,
    prompt,
    integration,
    store,
    rule,
    contactList,
    contactListItem,
    fileList,
    campaign,
  };
}

/** The ids of a seeded tenant, by record kind, as the route requests take them. */
export function idsOf(tenant: SeededTenant): TenantIds {
  return {
    company: tenant.company.id,
    user: tenant.agent.id,
    connection: tenant.connection.id,
    queue: tenant.queue.id,
    queueOption: tenant.queueOption.id,
    contact: tenant.contact.id,
    extraInfo: tenant.extraInfoId,
    ticket: tenant.ticket.id,
    ticketUuid: tenant.ticket.uuid,
    message: tenant.textMessage.id,
    note: tenant.note.id,
    tag: tenant.tag.id,
    quickMessage: tenant.sharedQuick.id,
    schedule: tenant.schedule.id,
    mediaFile: tenant.mediaFiles[0]!,
    simulatorMessage: tenant.simulatorPicture.id,
    chat: tenant.chat.id,
    invoice: tenant.invoice.id,
    charge: tenant.charge.txid,
    prompt: tenant.prompt.id,
    integration: tenant.integration.id,
    store: tenant.store.id,
    rule: tenant.rule.id,
    contactList: tenant.contactList.id,
    contactListItem: tenant.contactListItem.id,
    campaign: tenant.campaign.id,
    fileList: tenant.fileList.id,
  };
}
