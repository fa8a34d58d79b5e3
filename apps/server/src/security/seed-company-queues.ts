import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { chatUsers, chats, connections, distributionLogs, messages, quickMessages, schedules, ticketNotes } from "../db/schema/index.ts";
import type { MediaStore } from "../media/media-store.ts";
import { PNG } from "../modules/queues/upload-fixtures.ts";
import { bearer, createCompany, createSimulatorConnection, createUser, loginAs } from "../../test/factories.ts";
import type { TenantIds } from "./route-requests.ts";

/** The kinds of account of one company: a super user, an admin, a supervisor (of Vendas), and attendants with each kind of reach. */
export const ACCOUNT_NAMES = ["super", "admin", "supervisor", "userVendas", "userSuporte", "userAll", "userNone"] as const;
export type AccountName = (typeof ACCOUNT_NAMES)[number];

/** The tickets of the company: one per queue, one without a queue, one of the Vendas attendant in Suporte. */
export const TICKET_NAMES = ["vendas", "suporte", "noQueue", "owned"] as const;
export type TicketName = (typeof TICKET_NAMES)[number];

/** The text that every record of a ticket (contact, messages, note, schedule) carries: finding it in an answer is seeing that ticket. */
export const TICKET_MARKERS: Record<TicketName, string> = {
  vendas: "VENDAS-SECRET",
  suporte: "SUPORTE-SECRET",
  noQueue: "NOQUEUE-SECRET",
  owned: "OWNED-SECRET",
};

/** The text of the seeded internal chat (title and message): finding it in an answer is reading that chat. */
export const TEAM_CHAT_MARKER = "TEAMCHAT-SECRET";

export interface Account {
  name: AccountName;
  id: number;
  email: string;
  userName: string;
  token: string;
  profile: "admin" | "supervisor" | "user";
  isSuper: boolean;
  queueIds: number[];
  allTicket: "enabled" | "desabled";
}

/** What decides who may open a ticket (spec core §5). */
export interface TicketState {
  queueId: number | null;
  userId: number | null;
}

export interface SeededTicket extends TicketState {
  name: TicketName;
  marker: string;
  id: number;
  uuid: string;
  status: "open" | "pending";
  contactId: number;
  contactNumber: string;
  textMessageId: number;
  mediaMessageId: number;
  mediaFile: string;
  noteId: number;
  tagId: number;
}

/**
 * The visibility rule of spec core §5, written out for the test (the server's own is
 * `canAccessTicket`): admins (super users included) always; others (supervisors too) when the ticket is
 * theirs, in one of their queues, or without a queue while their allTicket is "enabled".
 */
export function mayOpen(account: Account, ticket: TicketState): boolean {
  if (account.profile === "admin") return true;
  if (ticket.userId === account.id) return true;
  if (ticket.queueId === null) return account.allTicket === "enabled";
  return account.queueIds.includes(ticket.queueId);
}

async function call<T = { id: number }>(app: FastifyInstance, token: string, method: "POST" | "PUT", url: string, payload: object): Promise<T> {
  const response = await app.inject({ method, url, headers: bearer(token), payload });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

let numberSeq = 0;
/** A phone number no other contact of the file has. */
export function freshNumber(): string {
  numberSeq += 1;
  return `55219${String(10_000_000 + numberSeq)}`;
}

export type SeededCompany = Awaited<ReturnType<typeof seedCompanyWithQueues>>;

/**
 * One company with two queues (Vendas, Suporte), an account of every kind, the four tickets of
 * TICKET_NAMES (each with its own contact, a text message, a media message whose file is stored, a
 * note and a tag; all marked with TICKET_MARKERS), schedules of different users, shared and personal
 * quick replies, a routing decision of each ticket (distribution logs with its marker), the admin's
 * tag, a closed Suporte conversation of a contact without an open ticket, and an internal chat of the
 * Vendas attendant (its owner) with the Suporte one.
 */
export async function seedCompanyWithQueues(app: FastifyInstance, db: Db, media: MediaStore) {
  const company = await createCompany(db, { name: "Intra company" });
  const made = {
    super: await createUser(db, { companyId: company.id, profile: "admin", isSuper: true, name: "Sara Super", email: "intra-super@example.com" }),
    admin: await createUser(db, { companyId: company.id, profile: "admin", name: "Ana Admin", email: "intra-admin@example.com" }),
    supervisor: await createUser(db, { companyId: company.id, profile: "supervisor", name: "Silvia Supervisora", email: "intra-supervisor@example.com" }),
    userVendas: await createUser(db, { companyId: company.id, profile: "user", name: "Vera Vendas", email: "intra-vendas@example.com" }),
    userSuporte: await createUser(db, { companyId: company.id, profile: "user", name: "Sergio Suporte", email: "intra-suporte@example.com" }),
    userAll: await createUser(db, { companyId: company.id, profile: "user", name: "Tina Todos", email: "intra-all@example.com" }),
    userNone: await createUser(db, { companyId: company.id, profile: "user", name: "Nico Nenhum", email: "intra-none@example.com" }),
  };
  const adminToken = (await loginAs(app, made.admin.email)).token;
  const connection = await createSimulatorConnection(db, { companyId: company.id, name: "Intra phone", isDefault: true });
  const vendas = await call(app, adminToken, "POST", "/queue", { name: "Vendas", color: "#0a0a0a" });
  const suporte = await call(app, adminToken, "POST", "/queue", { name: "Suporte", color: "#0b0b0b" });
  const queueOption = await call(app, adminToken, "POST", "/queue-options", { queueId: vendas.id, title: "Option", message: "Option text" });

  const setup: Record<AccountName, { queueIds: number[]; allTicket: "enabled" | "desabled" }> = {
    super: { queueIds: [], allTicket: "desabled" },
    admin: { queueIds: [], allTicket: "desabled" },
    supervisor: { queueIds: [vendas.id], allTicket: "desabled" },
    userVendas: { queueIds: [vendas.id], allTicket: "desabled" },
    userSuporte: { queueIds: [suporte.id], allTicket: "desabled" },
    userAll: { queueIds: [], allTicket: "enabled" },
    userNone: { queueIds: [], allTicket: "desabled" },
  };
  const accounts = {} as Record<AccountName, Account>;
  for (const name of Object.keys(made) as AccountName[]) {
    const user = made[name];
    const { queueIds, allTicket } = setup[name];
    if (user.profile !== "admin") await call(app, adminToken, "PUT", `/users/${user.id}`, { name: user.name, email: user.email, queueIds, allTicket });
    const token = name === "admin" ? adminToken : (await loginAs(app, user.email)).token;
    accounts[name] = { name, id: user.id, email: user.email, userName: user.name, token, profile: user.profile === "admin" || user.profile === "supervisor" ? user.profile : "user", isSuper: user.isSuper, queueIds, allTicket };
  }

  const ticketSetup: Record<TicketName, { queueId: number | null; userId: number | null; status: "open" | "pending" }> = {
    vendas: { queueId: vendas.id, userId: made.admin.id, status: "open" },
    suporte: { queueId: suporte.id, userId: made.admin.id, status: "open" },
    noQueue: { queueId: null, userId: null, status: "pending" },
    owned: { queueId: suporte.id, userId: made.userVendas.id, status: "open" },
  };
  const tickets = {} as Record<TicketName, SeededTicket>;
  for (const name of Object.keys(ticketSetup) as TicketName[]) {
    const marker = TICKET_MARKERS[name];
    const { queueId, userId, status } = ticketSetup[name];
    const number = freshNumber();
    const contact = await call(app, adminToken, "POST", "/contacts", { name: `${marker} contact`, number, email: `${marker.toLowerCase()}@example.com` });
    const ticket = await call<{ id: number; uuid: string }>(app, adminToken, "POST", "/tickets", { contactId: contact.id, queueId, whatsappId: connection.id, userId, status });
    const stored = await media.save(company.id, PNG, `${marker}.png`);
    const base = { companyId: company.id, ticketId: ticket.id, contactId: contact.id, whatsappId: connection.id };
    const [text] = await db.insert(messages).values({ ...base, body: `${marker} text message`, fromMe: false, wid: `${marker}-wid-1` }).returning();
    const [picture] = await db
      .insert(messages)
      .values({ ...base, body: `${marker} media message`, mediaType: "image", mediaUrl: stored.fileName, mediaName: stored.originalName, mediaMime: stored.mime, mediaSize: stored.size, wid: `${marker}-wid-2` })
      .returning();
    const note = await call(app, adminToken, "POST", "/ticket-notes", { note: `${marker} note`, ticketId: ticket.id, contactId: contact.id });
    const tag = await call(app, adminToken, "POST", "/tags", { name: `tag ${name}` });
    await call(app, adminToken, "POST", "/tags/sync", { ticketId: ticket.id, tags: [{ id: tag.id }] });
    tickets[name] = {
      name,
      marker,
      id: ticket.id,
      uuid: ticket.uuid,
      status,
      queueId,
      userId,
      contactId: contact.id,
      contactNumber: number,
      textMessageId: text!.id,
      mediaMessageId: picture!.id,
      mediaFile: stored.fileName,
      noteId: note.id,
      tagId: tag.id,
    };
  }

  // A routing decision of each ticket into its queue, carrying the customer's text; the Suporte ticket
  // first entered Vendas (a decision of Vendas about a ticket Vendas may no longer open).
  const routed = [
    ...TICKET_NAMES.map((name) => ({ ticket: tickets[name], toQueueId: tickets[name].queueId })),
    { ticket: tickets.suporte, toQueueId: vendas.id },
  ];
  await db.insert(distributionLogs).values(
    routed.map(({ ticket, toQueueId }) => ({ companyId: company.id, ticketId: ticket.id, toQueueId, strategy: "least_load", message: `${ticket.marker} quero comprar (distribution log)` })),
  );
  const distributionLogList = routed.map(({ ticket, toQueueId }) => ({ ticket: ticket.name, toQueueId }));

  // A contact whose only conversation, closed, was in Suporte: its history must not open to Vendas (finding 5).
  const historyNumber = freshNumber();
  const historyContact = await call(app, adminToken, "POST", "/contacts", { name: "History contact", number: historyNumber });
  const historyTicket = await call(app, adminToken, "POST", "/tickets", { contactId: historyContact.id, queueId: suporte.id, whatsappId: connection.id, userId: made.admin.id, status: "open" });
  await db.insert(messages).values({ companyId: company.id, ticketId: historyTicket.id, contactId: historyContact.id, whatsappId: connection.id, body: "HISTORY-SECRET earlier conversation", wid: "HISTORY-wid-1" });
  await call(app, adminToken, "PUT", `/tickets/${historyTicket.id}`, { status: "closed" });

  const spareContact = await call(app, adminToken, "POST", "/contacts", { name: "Spare contact", number: freshNumber() });
  const adminTag = await call(app, adminToken, "POST", "/tags", { name: "admin tag", kanban: 1 });
  const sharedQuick = await call(app, adminToken, "POST", "/quick-messages", { shortcode: "shared", message: "shared reply", geral: true });
  const adminPersonalQuick = await call(app, adminToken, "POST", "/quick-messages", { shortcode: "adminmine", message: "ADMINPERSONAL-SECRET", geral: false });
  const vendasPersonalQuick = await call(app, accounts.userVendas.token, "POST", "/quick-messages", { shortcode: "veramine", message: "VERAPERSONAL-SECRET", geral: false });

  // Schedules by different users: the admin's for every ticket's contact, each attendant's for the contact of a ticket of her queue.
  const sendAt = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
  const scheduleOf = async (account: Account, ticket: SeededTicket) => {
    const created = await call(app, account.token, "POST", "/schedules", { body: `${ticket.marker} schedule by ${account.name}`, sendAt: sendAt(), contactId: ticket.contactId });
    return { id: created.id, ownerId: account.id, ticket: ticket.name };
  };
  const scheduleList = [
    ...(await Promise.all(Object.values(tickets).map((ticket) => scheduleOf(accounts.admin, ticket)))),
    await scheduleOf(accounts.userVendas, tickets.vendas),
    await scheduleOf(accounts.userSuporte, tickets.suporte),
  ];

  // An internal chat of the Vendas attendant with the Suporte one: nobody else, the admins included, may read it.
  const teamChat = await call<{ id: number; uuid: string }>(app, accounts.userVendas.token, "POST", "/chats", { title: `${TEAM_CHAT_MARKER} escala`, users: [made.userSuporte.id] });
  await call(app, accounts.userSuporte.token, "POST", `/chats/${teamChat.id}/messages`, { message: `${TEAM_CHAT_MARKER} mensagem` });

  // Campaign records (the admins'): a contact list with a contact, a file list and a campaign.
  const contactList = await call(app, adminToken, "POST", "/contact-lists", { name: "Lista da campanha" });
  const contactListItem = await call(app, adminToken, "POST", "/contact-list-items", { name: "Contato da lista", number: "5511970000001", contactListId: contactList.id });
  const fileList = await call(app, adminToken, "POST", "/files", { name: "Arquivos da campanha", message: "Segue o material" });
  const campaign = await call(app, adminToken, "POST", "/campaigns", { name: "Campanha", message1: "Olá {nome}", whatsappId: connection.id, contactListId: contactList.id });

  // The pairing QR code of the connection, as a device waiting to be paired has it.
  await db.update(connections).set({ status: "qrcode", qrcode: "QRCODE-SECRET-pairing" }).where(eq(connections.id, connection.id));

  // An open invoice of the company and a Pix charge for it.
  const invoice = await call<{ id: number }>(app, accounts.admin.token, "POST", "/subscription/invoice", {});
  const charge = await call<{ txid: string }>(app, accounts.admin.token, "POST", "/subscription", {
    firstName: "Ana",
    address2: "Rua 1",
    city: "Cidade",
    zipcode: "01000-000",
    country: "BR",
    invoiceId: invoice.id,
  });
  const prompt = await call(app, adminToken, "POST", "/prompt", { name: "Vendas IA", prompt: "PROMPT-SECRET atenda com cortesia", queueId: vendas.id });
  const integration = await call(app, adminToken, "POST", "/queueIntegration", { type: "webhook", name: "Webhook", urlN8N: "http://hooks.conversa.invalid/hook" });
  const store = await call(app, adminToken, "POST", "/stores", { name: "Intra store" });
  const rule = await call(app, adminToken, "POST", `/stores/${store.id}/rules`, { name: "Intra rule", match: "pedido", queueId: vendas.id });

  const ids: TenantIds = {
    store: store.id,
    rule: rule.id,
    company: company.id,
    user: made.admin.id,
    connection: connection.id,
    queue: vendas.id,
    queueOption: queueOption.id,
    contact: spareContact.id,
    extraInfo: 2147483647,
    simulatorMessage: 2147483647,
    ticket: tickets.vendas.id,
    ticketUuid: tickets.vendas.uuid,
    message: tickets.vendas.textMessageId,
    note: tickets.vendas.noteId,
    tag: adminTag.id,
    quickMessage: sharedQuick.id,
    schedule: scheduleList[0]!.id,
    mediaFile: tickets.vendas.mediaFile,
    chat: teamChat.id,
    invoice: invoice.id,
    charge: charge.txid,
    prompt: prompt.id,
    integration: integration.id,
    contactList: contactList.id,
    contactListItem: contactListItem.id,
    campaign: campaign.id,
    fileList: fileList.id,
  };

  return {
    company,
    connection,
    queues: { vendas, suporte },
    accounts,
    tickets,
    history: { contactId: historyContact.id, ticketId: historyTicket.id, marker: "HISTORY-SECRET" },
    spareContact,
    adminTag,
    quick: { shared: { id: sharedQuick.id, ownerId: made.admin.id, geral: true }, adminPersonal: { id: adminPersonalQuick.id, ownerId: made.admin.id, geral: false, marker: "ADMINPERSONAL-SECRET" }, vendasPersonal: { id: vendasPersonalQuick.id, ownerId: made.userVendas.id, geral: false, marker: "VERAPERSONAL-SECRET" } },
    schedules: scheduleList,
    distributionLogs: distributionLogList,
    chat: { id: teamChat.id, uuid: teamChat.uuid, ownerId: made.userVendas.id, memberIds: [made.userVendas.id, made.userSuporte.id], marker: TEAM_CHAT_MARKER },
    ids,
  };
}

/** Throwaway rows of one kind, for a request that deletes or changes what later checks read. */
export const throwaway = {
  async message(db: Db, seeded: SeededCompany, ticket: SeededTicket, authorId: number, sendStatus = "sent") {
    const [row] = await db
      .insert(messages)
      .values({ companyId: seeded.company.id, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: seeded.connection.id, body: `${ticket.marker} throwaway`, fromMe: true, userId: authorId, sendStatus, ack: 0 })
      .returning({ id: messages.id });
    return row!.id;
  },
  async note(db: Db, seeded: SeededCompany, ticket: SeededTicket, authorId: number) {
    const [row] = await db.insert(ticketNotes).values({ companyId: seeded.company.id, ticketId: ticket.id, contactId: ticket.contactId, userId: authorId, note: `${ticket.marker} throwaway note` }).returning({ id: ticketNotes.id });
    return row!.id;
  },
  async schedule(db: Db, seeded: SeededCompany, ticket: SeededTicket, ownerId: number) {
    const [row] = await db
      .insert(schedules)
      .values({ companyId: seeded.company.id, body: `${ticket.marker} throwaway schedule`, sendAt: new Date(Date.now() + 4 * 86_400_000), contactId: ticket.contactId, userId: ownerId })
      .returning({ id: schedules.id });
    return row!.id;
  },
  async chat(db: Db, seeded: SeededCompany, ownerId: number, memberIds: readonly number[], title: string) {
    const companyId = seeded.company.id;
    const [row] = await db.insert(chats).values({ companyId, ownerId, title }).returning({ id: chats.id, uuid: chats.uuid });
    await db.insert(chatUsers).values([...new Set([ownerId, ...memberIds])].map((userId) => ({ companyId, chatId: row!.id, userId })));
    return row!;
  },
  async quickMessage(db: Db, seeded: SeededCompany, ownerId: number, geral: boolean) {
    const [row] = await db
      .insert(quickMessages)
      .values({ companyId: seeded.company.id, shortcode: `throwaway${ownerId}${geral ? "g" : "p"}${Date.now() % 100000}`, message: "throwaway", geral, userId: ownerId })
      .returning({ id: quickMessages.id });
    return row!.id;
  },
};
