import { and, asc, eq } from "drizzle-orm";
import { ZConnectionStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, connections } from "../../db/schema/index.ts";

export interface SimulatorConnectionRow {
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  status: string;
  qrcode: string | null;
  retries: number;
  number: string | null;
  updatedAt: Date;
}

const connectionColumns = {
  id: connections.id,
  companyId: connections.companyId,
  companyName: companies.name,
  name: connections.name,
  status: connections.status,
  qrcode: connections.qrcode,
  retries: connections.retries,
  number: connections.number,
  updatedAt: connections.updatedAt,
};

export function parseStatus(status: string) {
  return ZConnectionStatus.catch("DISCONNECTED").parse(status);
}

/** The simulator connections of one company (the simulator plays its customers). */
export async function listSimulatorConnectionRows(db: Db, companyId: number): Promise<SimulatorConnectionRow[]> {
  return db
    .select(connectionColumns)
    .from(connections)
    .innerJoin(companies, eq(companies.id, connections.companyId))
    .where(and(eq(connections.companyId, companyId), eq(connections.provider, "simulator")))
    .orderBy(asc(companies.name), asc(connections.name), asc(connections.id));
}

/** A connection of the company with provider "simulator"; any other is out of the simulator's reach. */
export async function findSimulatorConnectionRow(db: Db, companyId: number, id: number): Promise<SimulatorConnectionRow | undefined> {
  const [row] = await db
    .select(connectionColumns)
    .from(connections)
    .innerJoin(companies, eq(companies.id, connections.companyId))
    .where(and(eq(connections.id, id), eq(connections.companyId, companyId), eq(connections.provider, "simulator")));
  return row;
}
