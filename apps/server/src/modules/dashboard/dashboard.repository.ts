import { type SQL, and, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DashboardAttendant } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { campaignShipping, companies, connections, ticketEvents, tickets, userRatings, users } from "../../db/schema/index.ts";
import { isInboxTicket } from "../tickets/index.ts";

/** A period of local calendar days (both inclusive) in an IANA time zone. */
export interface Period {
  from: string;
  to: string;
  timezone: string;
}

/** Local midnight starting `from`, as an instant. */
function startOf(period: Period): SQL {
  return sql`((${period.from}::date)::timestamp at time zone ${period.timezone}::text)`;
}

/** Local midnight after `to`: the end of the period, exclusive. */
function endOf(period: Period): SQL {
  return sql`((${period.to}::date + 1)::timestamp at time zone ${period.timezone}::text)`;
}

/** `column` falls within the period: a plain range on the column, so that an index on it can serve. */
function within(column: PgColumn, period: Period): SQL {
  return sql`${column} >= ${startOf(period)} and ${column} < ${endOf(period)}`;
}

/** The company's time zone and its current local day (YYYY-MM-DD); undefined for an unknown company. */
export async function findCompanyClock(db: Db, companyId: number): Promise<{ timezone: string; today: string } | undefined> {
  const [row] = await db
    .select({ timezone: companies.timezone, today: sql`to_char((now() at time zone ${companies.timezone})::date, 'YYYY-MM-DD')`.mapWith(String) })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

export interface TicketCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  avgSupportTime: number;
  avgWaitTime: number;
}

/** Campaign messages sent within the period: the recipients campaigns claimed (their first message stored). */
export async function countCampaignMessages(db: Db, companyId: number, period: Period): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), within(campaignShipping.claimedAt, period)));
  return row?.n ?? 0;
}

/** Mean minutes over the rows matching `condition`, rounded to one decimal; 0 when none match. */
function avgMinutesWhere(later: PgColumn, earlier: PgColumn, condition: SQL): SQL<number> {
  return sql`coalesce(round((avg(extract(epoch from ${later} - ${earlier})) filter (where ${condition}) / 60)::numeric, 1)::float8, 0)`.mapWith(Number);
}

/**
 * The company's ticket counters in one pass over the tickets that are open or pending now, or were closed
 * or created within the period (with indexes on closed_at and created_at: a BitmapOr of three index ranges).
 */
export async function countTickets(db: Db, companyId: number, period: Period): Promise<TicketCounters> {
  const closedWithin = sql`${tickets.status} = 'closed' and ${within(tickets.closedAt, period)}`;
  const createdWithin = within(tickets.createdAt, period);
  const [row] = await db
    .select({
      supportHappening: sql`count(*) filter (where ${tickets.status} = 'open')`.mapWith(Number),
      supportPending: sql`count(*) filter (where ${tickets.status} = 'pending')`.mapWith(Number),
      supportFinished: sql`count(*) filter (where ${closedWithin})`.mapWith(Number),
      avgSupportTime: avgMinutesWhere(tickets.closedAt, tickets.acceptedAt, sql`${closedWithin} and ${tickets.closedAt} >= ${tickets.acceptedAt}`),
      avgWaitTime: avgMinutesWhere(tickets.acceptedAt, tickets.createdAt, sql`${createdWithin} and ${tickets.acceptedAt} >= ${tickets.createdAt}`),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        isInboxTicket,
        sql`(${tickets.status} in ('open', 'pending') or (${within(tickets.closedAt, period)}) or (${createdWithin}))`,
      ),
    );
  return row ?? { supportHappening: 0, supportPending: 0, supportFinished: 0, avgSupportTime: 0, avgWaitTime: 0 };
}

/**
 * Every user of the company with their mean rating received within the period and the mean support
 * time of their tickets closed within the period that they worked (`workedBy`: never a reservation
 * nobody accepted): one statement, two grouped subqueries joined to users.
 */
export async function listAttendants(db: Db, companyId: number, period: Period): Promise<DashboardAttendant[]> {
  const ratings = db
    .select({ userId: userRatings.userId, rating: sql`round(avg(${userRatings.rate})::numeric, 1)::float8`.mapWith(Number).as("rating") })
    .from(userRatings)
    .where(and(eq(userRatings.companyId, companyId), isNotNull(userRatings.userId), within(userRatings.createdAt, period)))
    .groupBy(userRatings.userId)
    .as("ratings");
  const support = db
    .select({ userId: tickets.userId, avgSupportTime: sql`round((avg(extract(epoch from ${tickets.closedAt} - ${tickets.acceptedAt})) / 60)::numeric, 1)::float8`
        .mapWith(Number)
        .as("avg_support_time") })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        isInboxTicket,
        eq(tickets.status, "closed"),
        within(tickets.closedAt, period),
        isNotNull(tickets.userId),
        isNotNull(tickets.acceptedAt),
        sql`${tickets.closedAt} >= ${tickets.acceptedAt}`,
        workedBy(tickets.userId),
      ),
    )
    .groupBy(tickets.userId)
    .as("support");
  return db
    .select({ id: users.id, name: users.name, rating: ratings.rating, avgSupportTime: support.avgSupportTime, online: users.online })
    .from(users)
    .leftJoin(ratings, eq(ratings.userId, users.id))
    .leftJoin(support, eq(support.userId, users.id))
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
}

/** Installation-wide totals for super users: CONNECTED connections and companies, of every company. */
export async function countInstallation(db: Db): Promise<{ totalWhatsappSessions: number; totalCompanies: number }> {
  const [[sessions], [companyCount]] = await Promise.all([
    db.select({ n: count() }).from(connections).where(eq(connections.status, "CONNECTED")),
    db.select({ n: count() }).from(companies),
  ]);
  return { totalWhatsappSessions: sessions?.n ?? 0, totalCompanies: companyCount?.n ?? 0 };
}

/**
 * Tickets created within the period per local hour (0..23) or per local day (days after `from`, 0 first);
 * empty buckets absent. Integer buckets: cheap to group, formatted by the caller.
 */
export async function countTicketsCreatedBy(db: Db, companyId: number, period: Period, unit: "hour" | "day"): Promise<{ bucket: number; total: number }[]> {
  const local = sql`(${tickets.createdAt} at time zone ${period.timezone}::text)`;
  const bucket = unit === "hour" ? sql`extract(hour from ${local})::int` : sql`(${local}::date - ${period.from}::date)`;
  return db
    .select({ bucket: bucket.mapWith(Number), total: sql`count(*)`.mapWith(Number) })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), isInboxTicket, within(tickets.createdAt, period)))
    // By position: the bucket expression carries parameters, so repeating it would not match the select list.
    .groupBy(sql`1`);
}

/** The ticket has an activity line of these kinds, by `userId` when given. */
function hasActivity(kinds: SQL, userId?: SQL | PgColumn): SQL {
  const by = userId === undefined ? sql`` : sql` and ${ticketEvents.userId} = ${userId}`;
  return sql`exists (select 1 from ${ticketEvents} where ${ticketEvents.companyId} = ${tickets.companyId} and ${ticketEvents.ticketId} = ${tickets.id} and ${ticketEvents.kind} in ${kinds}${by})`;
}

/**
 * Whether `userId` worked the ticket: they accepted or resolved it (its activity lines), or they hold a
 * ticket taken without an acceptance (opened by them as open). A ticket merely reserved for them by
 * distribution (pending, or closed by expiry before anyone accepted it) is never theirs.
 */
function workedBy(userId: SQL | PgColumn): SQL {
  return sql`(${hasActivity(sql`('accepted', 'resolved')`, userId)}
    or (${tickets.userId} = ${userId} and ${tickets.status} <> 'pending' and ${tickets.acceptedAt} is not null and not ${hasActivity(sql`('accepted')`)}))`;
}

/**
 * Tickets created within the period per attendant who worked them (accepted, resolved or holds them
 * taken: see `workedBy`), most first. A ticket two attendants worked counts for each; tickets nobody
 * took, and reservations nobody accepted, are left out. The pairs (ticket, worker) are read once from
 * the activity lines and the taken tickets, then joined to the users: a company's users are never
 * tried one by one against every ticket.
 */
export async function countTicketsByAttendant(db: Db, companyId: number, period: Period): Promise<{ nome: string; quantidade: number }[]> {
  const inPeriod = and(eq(tickets.companyId, companyId), isInboxTicket, within(tickets.createdAt, period));
  const worked = sql`(
    select ${ticketEvents.ticketId} as ticket_id, ${ticketEvents.userId} as user_id
      from ${ticketEvents} join ${tickets} on ${tickets.id} = ${ticketEvents.ticketId}
      where ${ticketEvents.companyId} = ${companyId} and ${ticketEvents.kind} in ('accepted', 'resolved') and ${ticketEvents.userId} is not null and ${inPeriod}
    union
    select ${tickets.id}, ${tickets.userId}
      from ${tickets}
      where ${inPeriod} and ${tickets.userId} is not null and ${tickets.status} <> 'pending' and ${tickets.acceptedAt} is not null
        and not ${hasActivity(sql`('accepted')`)}
  ) as worked`;
  return db
    .select({ nome: users.name, quantidade: sql`count(*)`.mapWith(Number) })
    .from(worked)
    .innerJoin(users, and(sql`${users.id} = worked.user_id`, eq(users.companyId, companyId)))
    .groupBy(users.id, users.name)
    .orderBy(desc(sql`count(*)`), asc(users.name), asc(users.id));
}
