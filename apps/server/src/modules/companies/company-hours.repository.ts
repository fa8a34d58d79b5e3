import { eq, sql } from "drizzle-orm";
import { type CompanyDetail, type WeeklySchedule, ZWeeklySchedule } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies } from "../../db/schema/index.ts";

const detailColumns = {
  id: companies.id,
  name: companies.name,
  planId: companies.planId,
  dueDate: companies.dueDate,
  timezone: companies.timezone,
  schedules: companies.schedules,
};

function toCompanyDetail(row: { id: number; name: string; planId: number | null; dueDate: Date | null; timezone: string; schedules: unknown }): CompanyDetail {
  // Hours saved by older versions or by hand may not fit the weekly shape: shown as none saved.
  const schedules = ZWeeklySchedule.safeParse(row.schedules);
  return {
    id: row.id,
    name: row.name,
    planId: row.planId,
    dueDate: row.dueDate?.toISOString() ?? null,
    timezone: row.timezone,
    schedules: schedules.success ? schedules.data : [],
  };
}

/** A company's detail; with `lock`, its row is locked until the end of the transaction `db`. */
export async function findCompanyDetail(db: Db, companyId: number, options: { lock?: boolean } = {}): Promise<CompanyDetail | undefined> {
  const query = db.select(detailColumns).from(companies).where(eq(companies.id, companyId));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ? toCompanyDetail(row) : undefined;
}

/** Replaces the company's weekly hours; undefined when the company does not exist. */
export async function saveCompanySchedules(db: Db, companyId: number, schedules: WeeklySchedule): Promise<CompanyDetail | undefined> {
  const [row] = await db
    .update(companies)
    .set({ schedules, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning(detailColumns);
  return row ? toCompanyDetail(row) : undefined;
}
