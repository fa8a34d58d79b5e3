/**
 * A customer's data rights (LGPD arts. 16 and 18, docs/privacy.md): everything the company holds about one
 * contact exported as one streamed ZIP, and the erasure of that person's personal data in one transaction.
 * Both are for the company's admins only (supervisors and attendants answer ERR_NO_PERMISSION): an admin sees
 * every ticket of the company under the tickets' visibility rule, so the export holds all of them.
 */
import { createReadStream } from "node:fs";
import { randomUUID } from "node:crypto";
import { type EraseContactResponse, can } from "@conversa/shared";
import { and, asc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  campaignOptOuts,
  campaignShipping,
  contactExtraInfo,
  contactListItems,
  contacts,
  distributionLogs,
  messages,
  schedules,
  simulatorMessages,
  ticketEvents,
  ticketNotes,
  tickets,
} from "../../db/schema/index.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit } from "../audit/index.ts";
import type { RequestContext } from "../../lib/context.ts";
import { type ZipStreamEntry, zipStream } from "../../lib/zip-stream.ts";
import type { MediaStore } from "../../media/media-store.ts";
import { loadTickets } from "../tickets/index.ts";
import { loadContacts, lockContact } from "./contacts.repository.ts";

export interface DataRightsDeps {
  db: Db;
  events: DomainEvents;
  media: MediaStore;
  logger?: { error(obj: object, msg: string): void };
}

/** Version of the export's layout, in its manifest. */
export const EXPORT_FORMAT_VERSION = 1;
/** Messages read per query while exporting: the memory holds one page, never the whole conversation. */
export const EXPORT_PAGE_SIZE = 500;
/** The name an erased contact keeps. */
export const ERASED_CONTACT_NAME = "Contato removido";

const notFound = () => new AppError("ERR_NO_CONTACT_FOUND", undefined, "Contact not found");

/** The company's admins (and super users, admins of their own company); supervisors and attendants are refused. */
function assertAdmin(ctx: RequestContext): void {
  if (!can(ctx, "contacts:dataRights")) throw new AppError("ERR_NO_PERMISSION");
}

async function findContact(db: Db, companyId: number, id: number) {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  return row;
}

async function ticketIdsOf(db: Db, companyId: number, contactId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
    .orderBy(asc(tickets.id));
  return rows.map((row) => row.id);
}

/** The contact's messages, in pages of EXPORT_PAGE_SIZE by id; `onPage` sees each page's size. */
export async function* messagePages(db: Db, companyId: number, ticketIds: number[], onlyMedia = false, onPage?: (size: number) => void) {
  if (ticketIds.length === 0) return;
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          inArray(messages.ticketId, ticketIds),
          gt(messages.id, after),
          onlyMedia ? isNotNull(messages.mediaUrl) : undefined,
        ),
      )
      .orderBy(asc(messages.id))
      .limit(EXPORT_PAGE_SIZE);
    onPage?.(page.length);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.id;
    if (page.length < EXPORT_PAGE_SIZE) return;
  }
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value, null, 2), "utf8");
}

/**
 * GET /contacts/{id}/export: the checks happen before the first byte (ERR_NO_PERMISSION, ERR_NO_CONTACT_FOUND);
 * the archive is then produced while it is sent. `onPage` lets tests see the messages being paged.
 */
export async function exportContactData(
  deps: DataRightsDeps,
  ctx: RequestContext,
  id: number,
  now: Date,
  onPage?: (size: number) => void,
): Promise<{ fileName: string; stream: AsyncGenerator<Buffer> }> {
  assertAdmin(ctx);
  const { companyId } = ctx;
  const { db } = deps;
  const found = await findContact(db, companyId, id);
  if (!found) throw notFound();
  const contact = found;
  // Recorded when the export starts, on its own: only ids, never the person's data.
  await recordAudit(db, ctx, { action: "contact.export", target: { type: "contact", id } });

  async function* entries(): AsyncGenerator<ZipStreamEntry> {
    const counts: Record<string, number> = {};
    const extraInfo = await db
      .select({ name: contactExtraInfo.name, value: contactExtraInfo.value })
      .from(contactExtraInfo)
      .where(and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, id)));
    const { nameFolded: _folded, ...contactFields } = contact;
    yield { name: "contact.json", content: json({ ...contactFields, extraInfo }) };
    counts.extraInfo = extraInfo.length;

    const ticketRows = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, id)))
      .orderBy(asc(tickets.id));
    const ticketIds = ticketRows.map((ticket) => ticket.id);
    const events = ticketIds.length
      ? await db
          .select()
          .from(ticketEvents)
          .where(and(eq(ticketEvents.companyId, companyId), inArray(ticketEvents.ticketId, ticketIds)))
          .orderBy(asc(ticketEvents.id))
      : [];
    yield { name: "tickets.json", content: json(ticketRows.map((ticket) => ({ ...ticket, events: events.filter((event) => event.ticketId === ticket.id) }))) };
    counts.tickets = ticketRows.length;

    let messageCount = 0;
    async function* messageArray(): AsyncGenerator<string> {
      yield "[";
      let first = true;
      for await (const page of messagePages(db, companyId, ticketIds, false, onPage)) {
        for (const { bodyFolded: _bodyFolded, ...message } of page) {
          yield `${first ? "\n" : ",\n"}${JSON.stringify(message)}`;
          first = false;
          messageCount += 1;
        }
      }
      yield "\n]\n";
    }
    yield { name: "messages.json", content: messageArray() };
    counts.messages = messageCount;

    let mediaCount = 0;
    for await (const page of messagePages(db, companyId, ticketIds, true)) {
      for (const message of page) {
        const file = await deps.media.resolve(companyId, message.mediaUrl!);
        if (!file) continue;
        mediaCount += 1;
        yield { name: `media/${message.mediaUrl}`, content: createReadStream(file.path) as AsyncIterable<Buffer> };
      }
    }
    counts.mediaFiles = mediaCount;

    const notes = await db
      .select()
      .from(ticketNotes)
      .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, id)))
      .orderBy(asc(ticketNotes.id));
    yield { name: "ticket-notes.json", content: json(notes) };
    counts.ticketNotes = notes.length;

    const scheduleRows = await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, id)))
      .orderBy(asc(schedules.id));
    yield { name: "schedules.json", content: json(scheduleRows) };
    counts.schedules = scheduleRows.length;

    const listItems = await db
      .select()
      .from(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.number, contact.number)))
      .orderBy(asc(contactListItems.id));
    const shipments = await db
      .select()
      .from(campaignShipping)
      .where(and(eq(campaignShipping.companyId, companyId), or(eq(campaignShipping.number, contact.number), eq(campaignShipping.contactId, id))))
      .orderBy(asc(campaignShipping.id));
    const optOuts = await db
      .select()
      .from(campaignOptOuts)
      .where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, contact.number)));
    yield { name: "campaign-recipients.json", content: json({ contactListItems: listItems, campaignShipping: shipments, optOuts }) };
    counts.contactListItems = listItems.length;
    counts.campaignShipping = shipments.length;

    const logs = await db
      .select()
      .from(distributionLogs)
      .where(and(eq(distributionLogs.companyId, companyId), logsOfContact(ticketIds, contact.name, contact.number)))
      .orderBy(asc(distributionLogs.id));
    yield { name: "distribution-logs.json", content: json(logs) };
    counts.distributionLogs = logs.length;

    yield {
      name: "manifest.json",
      content: json({
        formatVersion: EXPORT_FORMAT_VERSION,
        exportedAt: now.toISOString(),
        company: { id: companyId },
        contact: { id: contact.id, name: contact.name, number: contact.number },
        exportedBy: { userId: ctx.userId },
        files: [
          "contact.json",
          "tickets.json",
          "messages.json",
          "media/",
          "ticket-notes.json",
          "schedules.json",
          "campaign-recipients.json",
          "distribution-logs.json",
        ],
        counts,
      }),
    };
  }

  return { fileName: `contact-${contact.id}-export.zip`, stream: zipStream(entries(), now) };
}

/** Distribution-log lines of the contact's tickets, or whose text quotes the contact's name or number. */
function logsOfContact(ticketIds: number[], name: string, number: string) {
  const quotes = or(sql`strpos(${distributionLogs.message}, ${name}) > 0`, sql`strpos(${distributionLogs.message}, ${number}) > 0`);
  return ticketIds.length ? or(inArray(distributionLogs.ticketId, ticketIds), quotes) : quotes;
}

/**
 * POST /contacts/{id}/erase: with the contact's number typed again (ERR_ERASE_CONFIRMATION_MISMATCH otherwise),
 * replaces or removes every personal value the company holds about the person, in one transaction; the
 * tickets stay (status, times, queue, user) for the reports. Media files are removed after the commit.
 */
export async function eraseContactData(deps: DataRightsDeps, ctx: RequestContext, id: number, typedNumber: string, now: Date): Promise<EraseContactResponse> {
  assertAdmin(ctx);
  const { companyId } = ctx;
  const result = await deps.db.transaction(async (tx) => {
    const contact = await lockContact(tx, companyId, id);
    if (!contact) throw notFound();
    if (contact.erasedAt) throw new AppError("ERR_CONTACT_ERASED", undefined, "The contact's data was already erased");
    if (typedNumber.replace(/\D/g, "") !== contact.number) throw new AppError("ERR_ERASE_CONFIRMATION_MISMATCH");
    const { name, number } = contact;
    const ticketIds = await ticketIdsOf(tx, companyId, id);
    const mediaFiles = new Set<string>();
    if (contact.profilePicUrl && !/^https?:/i.test(contact.profilePicUrl)) mediaFiles.add(contact.profilePicUrl);

    let messageCount = 0;
    if (ticketIds.length) {
      for await (const page of messagePages(tx, companyId, ticketIds, true)) for (const message of page) mediaFiles.add(message.mediaUrl!);
      const changed = await tx
        .update(messages)
        .set({ body: "", mediaUrl: null, mediaName: null, mediaSize: null, data: null, participant: null, participantName: null, sendError: null, wid: null })
        .where(and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds)))
        .returning({ id: messages.id });
      messageCount = changed.length;
      await tx
        .update(tickets)
        .set({ lastMessage: "", botState: null, botSummary: null, updatedAt: now })
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds)));
    }
    // Messages of the contact outside its tickets (none in practice: every message belongs to a ticket).
    await tx
      .update(messages)
      .set({ body: "", mediaUrl: null, mediaName: null, data: null, participant: null, participantName: null, sendError: null })
      .where(and(eq(messages.companyId, companyId), eq(messages.contactId, id)));
    await tx.update(ticketNotes).set({ note: "" }).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, id)));
    const scheduleRows = await tx
      .update(schedules)
      .set({ body: "", mediaPath: null, mediaName: null })
      .where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, id)))
      .returning({ id: schedules.id });
    await tx.delete(contactExtraInfo).where(and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, id)));
    const token = () => sql`'erased-' || replace(gen_random_uuid()::text, '-', '')`;
    await tx
      .update(contactListItems)
      .set({ name: ERASED_CONTACT_NAME, number: token(), email: "" })
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.number, number)));
    await tx
      .update(campaignShipping)
      .set({ name: "", number: token(), email: "" })
      .where(and(eq(campaignShipping.companyId, companyId), or(eq(campaignShipping.number, number), eq(campaignShipping.contactId, id))));
    await tx.update(campaignOptOuts).set({ number: token() }).where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, number)));
    await tx
      .update(distributionLogs)
      .set({ message: null })
      .where(and(eq(distributionLogs.companyId, companyId), logsOfContact(ticketIds, name, number)));
    // The simulated phone's transcript with this number (the simulator stands for the customer's side).
    await tx.delete(simulatorMessages).where(and(eq(simulatorMessages.companyId, companyId), eq(simulatorMessages.customerNumber, number)));
    await tx
      .update(contacts)
      .set({ name: ERASED_CONTACT_NAME, number: `erased-${randomUUID().replaceAll("-", "")}`, email: "", profilePicUrl: null, erasedAt: now, updatedAt: now })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
    await recordAudit(tx, ctx, { action: "contact.erase", target: { type: "contact", id } });
    return { ticketIds, mediaFiles: [...mediaFiles], messageCount, schedules: scheduleRows.length };
  });

  let removed = 0;
  for (const fileName of result.mediaFiles) {
    try {
      await deps.media.remove(companyId, fileName);
      removed += 1;
    } catch (error) {
      deps.logger?.error({ err: error, companyId, contactId: id }, "erased contact's media file not removed");
    }
  }

  const [contact] = await loadContacts(deps.db, companyId, [id]);
  if (contact) deps.events.publish("contact.updated", { companyId, contact });
  for (const ticket of await loadTickets(deps.db, companyId, result.ticketIds)) deps.events.publish("ticket.updated", { companyId, ticket });
  return { contactId: id, erasedAt: now.toISOString(), tickets: result.ticketIds.length, messages: result.messageCount, mediaFiles: removed };
}
