import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import type { SimulatorChat, SimulatorMessage } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { simulatorMessages } from "../../db/schema/index.ts";
import { type SimulatorMessageRow, detailsOf } from "./simulator-store.ts";

/**
 * The simulator's conversations as its page shows them, read from its own storage: beside the store
 * (`simulator-store.ts`), the one place that knows how a message's details are kept.
 */

/** Chats listed at most, newest first. */
const CHATS_LIMIT = 200;

/** A stored message as the simulator page shows it. */
export function toSimulatorMessageDto(row: SimulatorMessageRow): SimulatorMessage {
  const details = detailsOf(row);
  const media = details.media;
  return {
    id: row.id,
    wid: row.wid,
    direction: row.direction === "out" ? "out" : "in",
    number: row.customerNumber,
    name: row.customerName,
    isGroup: row.isGroup,
    participant: details.participant ?? null,
    kind: row.kind,
    body: row.body,
    media: media
      ? { mimetype: media.mimetype, filename: media.filename, size: media.size, voice: media.voice, url: media.path ? `/simulator/media/${row.id}` : null }
      : null,
    location: details.location ?? null,
    vcard: details.vcard ?? null,
    call: details.call ?? null,
    rawType: details.rawType ?? null,
    quotedWid: row.quotedWid,
    ack: row.ack,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customers (and groups) of a connection with their last message, newest first. */
export async function listChats(db: Db, connectionId: number): Promise<SimulatorChat[]> {
  const last = await db
    .selectDistinctOn([simulatorMessages.customerNumber])
    .from(simulatorMessages)
    .where(eq(simulatorMessages.connectionId, connectionId))
    .orderBy(simulatorMessages.customerNumber, desc(simulatorMessages.createdAt), desc(simulatorMessages.id));
  const names = await db
    .selectDistinctOn([simulatorMessages.customerNumber], { number: simulatorMessages.customerNumber, name: simulatorMessages.customerName })
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.connectionId, connectionId), isNotNull(simulatorMessages.customerName)))
    .orderBy(simulatorMessages.customerNumber, desc(simulatorMessages.id));
  const nameOf = new Map(names.map((row) => [row.number, row.name]));
  return last
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, CHATS_LIMIT)
    .map((row) => ({ number: row.customerNumber, name: nameOf.get(row.customerNumber) ?? null, isGroup: row.isGroup, lastMessage: toSimulatorMessageDto(row) }));
}

/** One page of a conversation (page 1 is the newest), oldest first within the page. */
export async function listChatMessages(
  db: Db,
  connectionId: number,
  chatNumber: string,
  page: { pageNumber: number; pageSize: number },
): Promise<{ messages: SimulatorMessage[]; count: number; hasMore: boolean }> {
  const where = and(eq(simulatorMessages.connectionId, connectionId), eq(simulatorMessages.customerNumber, chatNumber));
  const [total] = await db.select({ value: count() }).from(simulatorMessages).where(where);
  const rows = await db
    .select()
    .from(simulatorMessages)
    .where(where)
    .orderBy(desc(simulatorMessages.createdAt), desc(simulatorMessages.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  const countValue = total?.value ?? 0;
  return { messages: rows.reverse().map(toSimulatorMessageDto), count: countValue, hasMore: page.pageNumber * page.pageSize < countValue };
}

/** The stored file of an outbound message of the company, or undefined when there is none. */
export async function findOutboundMedia(
  db: Db,
  companyId: number,
  messageId: number,
): Promise<{ path: string; mimetype: string; filename: string | null } | undefined> {
  const [row] = await db
    .select()
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.id, messageId), eq(simulatorMessages.companyId, companyId), eq(simulatorMessages.direction, "out")));
  const media = row ? detailsOf(row).media : undefined;
  if (!media?.path) return undefined;
  return { path: media.path, mimetype: media.mimetype, filename: media.filename };
}
