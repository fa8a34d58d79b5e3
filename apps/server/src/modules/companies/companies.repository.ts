import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import { COMPANIES_PAGE_SIZE, type Company, type CompanyAdminDetail, type CompanyCounts, type CompanyPlanResponse, ZCompanyCounts, ZWeeklySchedule } from "@conversa/shared";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { companies, connections, contacts, messages, plans, queues, quickMessages, schedules, tags, tickets, users } from "../../db/schema/index.ts";
import { upsertSetting } from "../settings/index.ts";

export async function findCompanyWithPlan(db: Db, companyId: number): Promise<CompanyPlanResponse | undefined> {
  const [row] = await db
    .select({ company: { id: companies.id, name: companies.name, dueDate: companies.dueDate }, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (!row) return undefined;
  const { plan } = row;
  return {
    id: row.company.id,
    name: row.company.name,
    dueDate: row.company.dueDate?.toISOString() ?? null,
    plan: {
      id: plan.id,
      name: plan.name,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      value: Number(plan.value),
      storageQuotaMb: plan.storageQuotaMb,
      isPublic: plan.isPublic,
      useCampaigns: plan.useCampaigns,
      useSchedules: plan.useSchedules,
      useInternalChat: plan.useInternalChat,
      useExternalApi: plan.useExternalApi,
      useKanban: plan.useKanban,
      useOpenAi: plan.useOpenAi,
      useIntegrations: plan.useIntegrations,
    },
  };
}

/** The columns of a company as the Empresas tab lists it; `campaignsEnabled` is read from its setting (on unless "false"). */
const companyColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  planId: companies.planId,
  planName: plans.name,
  status: companies.status,
  campaignsEnabled: sql<string>`coalesce((select s.value from settings s where s.company_id = ${companies.id} and s.key = 'campaignsEnabled'), 'true')`,
  dueDate: companies.dueDate,
  recurrence: companies.recurrence,
  createdAt: companies.createdAt,
  trialExpiration: companies.trialExpiration,
};

type CompanyRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number | null;
  planName: string | null;
  status: boolean;
  campaignsEnabled: string;
  dueDate: Date | null;
  recurrence: string | null;
  createdAt: Date;
  trialExpiration: Date | null;
};

function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    planId: row.planId,
    plan: row.planId !== null && row.planName !== null ? { id: row.planId, name: row.planName } : null,
    status: row.status,
    campaignsEnabled: row.campaignsEnabled !== "false",
    dueDate: row.dueDate?.toISOString() ?? null,
    recurrence: row.recurrence,
    createdAt: row.createdAt.toISOString(),
    trialExpiration: row.trialExpiration?.toISOString() ?? null,
  };
}

const selectCompanies = (db: Db) => db.select(companyColumns).from(companies).leftJoin(plans, eq(plans.id, companies.planId));

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of the installation's companies by name, searched in name and e-mail (without case). */
export async function listCompanyPage(db: Db, searchParam: string | undefined, pageNumber: number): Promise<{ companies: Company[]; count: number; hasMore: boolean }> {
  const term = searchParam?.trim();
  const where = term ? or(ilike(companies.name, containsPattern(term)), ilike(companies.email, containsPattern(term))) : undefined;
  const offset = (pageNumber - 1) * COMPANIES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    selectCompanies(db).where(where).orderBy(asc(companies.name), asc(companies.id)).limit(COMPANIES_PAGE_SIZE).offset(offset),
    db.select({ value: count() }).from(companies).where(where),
  ]);
  const all = total?.value ?? 0;
  return { companies: rows.map(toCompany), count: all, hasMore: offset + rows.length < all };
}

/** Every company of the installation by name (selects). */
export async function listCompanyRows(db: Db): Promise<Company[]> {
  return (await selectCompanies(db).orderBy(asc(companies.name), asc(companies.id))).map(toCompany);
}

export async function findCompany(db: Db, id: number): Promise<Company | undefined> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id));
  return row ? toCompany(row) : undefined;
}

/** The tables whose rows the deletion confirmation counts, by the name of the count. */
const COUNTED: Record<keyof CompanyCounts, { table: PgTable; companyId: PgColumn }> = {
  users: { table: users, companyId: users.companyId },
  connections: { table: connections, companyId: connections.companyId },
  queues: { table: queues, companyId: queues.companyId },
  contacts: { table: contacts, companyId: contacts.companyId },
  tickets: { table: tickets, companyId: tickets.companyId },
  messages: { table: messages, companyId: messages.companyId },
  schedules: { table: schedules, companyId: schedules.companyId },
  quickMessages: { table: quickMessages, companyId: quickMessages.companyId },
  tags: { table: tags, companyId: tags.companyId },
};

/** How many records of each kind the company holds. */
export async function countCompanyRecords(db: Db, companyId: number): Promise<CompanyCounts> {
  const entries = await Promise.all(
    Object.entries(COUNTED).map(async ([key, { table, companyId: column }]) => {
      const [row] = await db.select({ value: count() }).from(table).where(eq(column, companyId));
      return [key, row?.value ?? 0] as const;
    }),
  );
  return ZCompanyCounts.parse(Object.fromEntries(entries));
}

/** A company with its time zone, business hours and the counts of its records (super users' detail). */
export async function findCompanyAdminDetail(db: Db, id: number): Promise<CompanyAdminDetail | undefined> {
  const company = await findCompany(db, id);
  if (!company) return undefined;
  const [[extra], counts] = await Promise.all([
    db.select({ timezone: companies.timezone, schedules: companies.schedules }).from(companies).where(eq(companies.id, id)),
    countCompanyRecords(db, id),
  ]);
  const hours = ZWeeklySchedule.safeParse(extra?.schedules);
  return { ...company, timezone: extra?.timezone ?? "America/Sao_Paulo", schedules: hours.success ? hours.data : [], counts };
}

/** Namespace of the installation-wide advisory lock under which companies are created and renamed. */
const COMPANY_NAMES_LOCK = 727002;

/** Serialises, until the end of the transaction `tx`, every creation and renaming of a company (names are unique without case). */
export async function lockCompanyNames(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_NAMES_LOCK})`);
}

/** Whether another company (than `exceptId`) has this name, compared without case. */
export async function isCompanyNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = ${name.toLowerCase()}`, exceptId === undefined ? undefined : ne(companies.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function planExists(db: Db, planId: number): Promise<boolean> {
  const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  return row !== undefined;
}

/** The fields of a company the Empresas form writes (campaignsEnabled is a setting: see setCampaignsEnabled). */
export interface CompanyValues {
  name: string;
  email: string;
  phone: string | null;
  planId: number;
  status: boolean;
  dueDate: Date | null;
  recurrence: string;
}

/** A company's stored fields as PUT /companies/{id} replaces them, and its time zone. */
export interface LockedCompany extends Omit<CompanyValues, "email" | "planId" | "recurrence"> {
  email: string | null;
  planId: number | null;
  recurrence: string | null;
  timezone: string;
  campaignsEnabled: boolean;
}

/** The company's row, locked until the end of the transaction `tx` (a concurrent change of it waits), with its campaignsEnabled setting. */
export async function lockCompanyRow(tx: Db, id: number): Promise<LockedCompany | undefined> {
  const [row] = await tx
    .select({
      name: companies.name,
      email: companies.email,
      phone: companies.phone,
      planId: companies.planId,
      status: companies.status,
      dueDate: companies.dueDate,
      recurrence: companies.recurrence,
      timezone: companies.timezone,
      campaignsEnabled: companyColumns.campaignsEnabled,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .for("update");
  return row ? { ...row, campaignsEnabled: row.campaignsEnabled !== "false" } : undefined;
}

export async function updateCompanyRow(tx: Db, id: number, values: CompanyValues): Promise<void> {
  await tx
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, id));
}

/** Stores the company's campaignsEnabled setting; answers the setting as stored. */
export function setCampaignsEnabled(tx: Db, companyId: number, enabled: boolean): Promise<{ key: string; value: string }> {
  return upsertSetting(tx, companyId, "campaignsEnabled", String(enabled));
}

/**
 * Ends the session of every user of the company but its super users (whom a disabled company still
 * admits): their tokens stop working and their refresh tokens are forgotten. Answers their ids.
 */
export async function endCompanySessions(tx: Db, companyId: number): Promise<number[]> {
  const rows = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, refreshTokenId: null, online: false, updatedAt: sql`now()` })
    .where(and(eq(users.companyId, companyId), eq(users.isSuper, false)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export async function listCompanyConnectionIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.select({ id: connections.id }).from(connections).where(eq(connections.companyId, companyId)).orderBy(asc(connections.id));
  return rows.map((row) => row.id);
}

export async function listCompanyUserIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  return rows.map((row) => row.id);
}

/** How many super users the installation has outside this company. */
export async function countSupersOutside(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.isSuper, true), ne(users.companyId, companyId)));
  return row?.value ?? 0;
}

/** Deletes the company; every row of it goes with it (each company-owned table cascades from companies). */
export async function deleteCompanyRow(tx: Db, id: number): Promise<boolean> {
  const rows = await tx.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return rows.length > 0;
}

/** The facts of a company its outbound policy depends on: whether public sign-up created it (a company not found gets the strict side). */
export async function findCompanyEgressFacts(db: Db, companyId: number): Promise<{ signedUp: boolean }> {
  const [row] = await db.select({ signedUp: companies.signedUp }).from(companies).where(eq(companies.id, companyId));
  return { signedUp: row?.signedUp ?? true };
}
