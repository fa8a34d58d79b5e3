import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { connections, simulatorMessages } from "../../db/schema/index.ts";

/**
 * The simulator's own storage: its pairing in `connections.session` and both sides of every
 * conversation in `simulator_messages`.
 */

export type SimulatorMessageRow = typeof simulatorMessages.$inferSelect;
export type NewSimulatorMessage = typeof simulatorMessages.$inferInsert;

/** What `connections.session` holds for a paired simulator connection. */
const ZPairing = z.object({ paired: z.literal(true), number: z.string() });

/**
 * The content details of a message, kept in the `media` jsonb column (the table has no other place
 * for them): the file of a media message (its path only for outbound files, which the simulator
 * serves), the participant of a group message, a location, a contact card, a call, a raw type.
 */
export const ZStoredDetails = z.object({
  media: z
    .object({
      mimetype: z.string(),
      filename: z.string().nullable(),
      size: z.number().nullable(),
      voice: z.boolean(),
      path: z.string().optional(),
    })
    .optional(),
  participant: z.object({ number: z.string(), name: z.string().nullable() }).optional(),
  location: z.object({ latitude: z.number(), longitude: z.number(), description: z.string().nullable() }).optional(),
  vcard: z.object({ name: z.string(), numbers: z.array(z.string()) }).optional(),
  call: z.object({ status: z.string(), isVideo: z.boolean() }).optional(),
  rawType: z.string().optional(),
});
export type StoredDetails = z.infer<typeof ZStoredDetails>;

/** The details of a stored row; a row written by an older version parses to none. */
export function detailsOf(row: Pick<SimulatorMessageRow, "media">): StoredDetails {
  const parsed = ZStoredDetails.safeParse(row.media ?? {});
  return parsed.success ? parsed.data : {};
}

/** The stored pairing of a connection, or null when it is not paired. */
export async function loadPairing(db: Db, companyId: number, connectionId: number): Promise<{ number: string } | null> {
  const [row] = await db
    .select({ session: connections.session })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
  const parsed = ZPairing.safeParse(row?.session);
  return parsed.success ? { number: parsed.data.number } : null;
}

export async function savePairing(db: Db, companyId: number, connectionId: number, number: string): Promise<void> {
  await db
    .update(connections)
    .set({ session: { paired: true, number } })
    .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
}

export async function clearPairing(db: Db, companyId: number, connectionId: number): Promise<void> {
  await db
    .update(connections)
    .set({ session: null })
    .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
}

/** The company of a connection, for a logout of a session this process does not run. */
export async function findConnectionCompany(db: Db, connectionId: number): Promise<number | undefined> {
  const [row] = await db.select({ companyId: connections.companyId }).from(connections).where(eq(connections.id, connectionId));
  return row?.companyId;
}

/** Stores a message once per (connection, wid): a second insert with the same wid answers the stored row. */
export async function insertMessageOnce(db: Db, message: NewSimulatorMessage): Promise<{ row: SimulatorMessageRow; isNew: boolean }> {
  const [inserted] = await db
    .insert(simulatorMessages)
    .values(message)
    .onConflictDoNothing({ target: [simulatorMessages.connectionId, simulatorMessages.wid] })
    .returning();
  if (inserted) return { row: inserted, isNew: true };
  const [existing] = await db
    .select()
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.connectionId, message.connectionId), eq(simulatorMessages.wid, message.wid)));
  if (!existing) throw new Error("simulator message neither inserted nor found");
  return { row: existing, isNew: false };
}

/** Raises the ack of an outbound message (never lowers it); answers its chat's number when it changed. */
export async function raiseOutboundAck(db: Db, connectionId: number, wid: string, ack: number): Promise<string | undefined> {
  const rows = await db
    .update(simulatorMessages)
    .set({ ack })
    .where(
      and(
        eq(simulatorMessages.connectionId, connectionId),
        eq(simulatorMessages.wid, wid),
        eq(simulatorMessages.direction, "out"),
        lt(simulatorMessages.ack, ack),
      ),
    )
    .returning({ number: simulatorMessages.customerNumber });
  return rows[0]?.number;
}

/** The customer read the company's messages of a chat: ack 3 on every outbound one not yet read. Answers their wids. */
export async function markOutboundRead(db: Db, connectionId: number, chatNumber: string): Promise<string[]> {
  const rows = await db
    .update(simulatorMessages)
    .set({ ack: 3 })
    .where(
      and(
        eq(simulatorMessages.connectionId, connectionId),
        eq(simulatorMessages.customerNumber, chatNumber),
        eq(simulatorMessages.direction, "out"),
        eq(simulatorMessages.isDeleted, false),
        lt(simulatorMessages.ack, 3),
      ),
    )
    .returning({ wid: simulatorMessages.wid });
  return rows.map((row) => row.wid);
}

/** The company read the customer's messages: ack 3 on those inbound rows (all of the chat when `wids` is empty). */
export async function markInboundRead(db: Db, connectionId: number, chatNumber: string, wids: string[]): Promise<number> {
  const rows = await db
    .update(simulatorMessages)
    .set({ ack: 3 })
    .where(
      and(
        eq(simulatorMessages.connectionId, connectionId),
        eq(simulatorMessages.customerNumber, chatNumber),
        eq(simulatorMessages.direction, "in"),
        lt(simulatorMessages.ack, 3),
        wids.length > 0 ? inArray(simulatorMessages.wid, wids) : sql`true`,
      ),
    )
    .returning({ id: simulatorMessages.id });
  return rows.length;
}

export async function markMessageDeleted(db: Db, connectionId: number, wid: string): Promise<boolean> {
  const rows = await db
    .update(simulatorMessages)
    .set({ isDeleted: true })
    .where(and(eq(simulatorMessages.connectionId, connectionId), eq(simulatorMessages.wid, wid)))
    .returning({ id: simulatorMessages.id });
  return rows.length > 0;
}

/** Most customers a phone book lists (the simulator's customers are the people it has talked with). */
export const SIMULATOR_PHONE_BOOK_LIMIT = 10_000;

/**
 * The simulator phone's address book: every person (not group) of the connection's conversations,
 * with the last name they wrote under. Ordered by number.
 */
export async function listCustomers(db: Db, connectionId: number): Promise<{ number: string; name: string | null }[]> {
  const rows = await db
    .select({
      number: simulatorMessages.customerNumber,
      name: sql<string | null>`(array_agg(${simulatorMessages.customerName} order by ${simulatorMessages.createdAt} desc) filter (where ${simulatorMessages.customerName} is not null))[1]`,
    })
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.connectionId, connectionId), eq(simulatorMessages.isGroup, false)))
    .groupBy(simulatorMessages.customerNumber)
    .orderBy(simulatorMessages.customerNumber)
    .limit(SIMULATOR_PHONE_BOOK_LIMIT);
  return rows;
}
