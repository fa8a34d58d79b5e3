import {
  type DashboardChartQuery,
  type DashboardQuery,
  type DashboardResponse,
  type TicketsDayResponse,
  type TicketsUsersResponse,
  parseDashboardFilter,
} from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { fillDays, fillHours, periodDays } from "./dashboard.period.ts";
import { canViewDashboard, seesInstallationTotals } from "./dashboard.policy.ts";
import { type Period, countCampaignMessages, countInstallation, countTickets, countTicketsByAttendant, countTicketsCreatedBy, findCompanyClock, listAttendants } from "./dashboard.repository.ts";

export interface DashboardDeps {
  db: Db;
}

function assertCanView(ctx: RequestContext): void {
  if (!canViewDashboard(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

async function companyClock(deps: DashboardDeps, ctx: RequestContext): Promise<{ timezone: string; today: string }> {
  const clock = await findCompanyClock(deps.db, ctx.companyId);
  if (!clock) throw new AppError("ERR_NO_COMPANY_FOUND");
  return clock;
}

/**
 * GET /dashboard: the session company's counters and attendants over a period of local days
 * (docs/dashboard.md). The period is `days` (the last N local days, today included) or
 * date_from..date_to (both inclusive: date_to counts to the end of that day), in the company's time zone.
 *
 * - supportHappening / supportPending: tickets open / pending right now, whatever their creation date —
 *   the workload on the floor, which a short period must not hide.
 * - supportFinished: tickets closed (closedAt) within the period.
 * - avgSupportTime: mean closedAt − acceptedAt (minutes) over those closed tickets a person accepted.
 * - avgWaitTime: mean acceptedAt − createdAt (minutes) over the tickets created within the period and accepted.
 * - campaignMessagesSent: recipients campaigns reached within the period. Campaign tickets (origin
 *   "campaign") count nowhere else: not finished, not created, not per attendant.
 * - attendants: every user of the company; rating = mean of the ratings they received within the period
 *   (1 to 3, one decimal, null without any); avgSupportTime as above over their own tickets; online now.
 * - totalWhatsappSessions (CONNECTED connections) and totalCompanies: the whole installation, super users only;
 *   absent for everyone else.
 *
 * Throws ERR_NO_PERMISSION (not an admin), ERR_DASHBOARD_FILTER (no valid days nor a valid date pair).
 */
export async function getDashboard(deps: DashboardDeps, ctx: RequestContext, query: DashboardQuery): Promise<DashboardResponse> {
  assertCanView(ctx);
  const filter = parseDashboardFilter(query);
  if (!filter) {
    throw new AppError("ERR_DASHBOARD_FILTER", undefined, "Give days (3, 7, 15, 30, 60 or 90) or date_from and date_to (YYYY-MM-DD, at most 366 days)");
  }
  const clock = await companyClock(deps, ctx);
  const period: Period = { ...periodDays(filter, clock.today), timezone: clock.timezone };
  const [counters, campaignMessagesSent, attendants, installation] = await Promise.all([
    countTickets(deps.db, ctx.companyId, period),
    countCampaignMessages(deps.db, ctx.companyId, period),
    listAttendants(deps.db, ctx.companyId, period),
    seesInstallationTotals(ctx) ? countInstallation(deps.db) : Promise.resolve({}),
  ]);
  return { counters: { ...counters, campaignMessagesSent, ...installation }, attendants, period };
}

/**
 * GET /dashboard/ticketsDay: tickets created from initialDate to finalDate (local days, inclusive), per
 * local hour when the range is one day, per local day otherwise; every bucket present. Throws ERR_NO_PERMISSION.
 */
export async function getTicketsByDay(deps: DashboardDeps, ctx: RequestContext, query: DashboardChartQuery): Promise<TicketsDayResponse> {
  assertCanView(ctx);
  const clock = await companyClock(deps, ctx);
  const period: Period = { from: query.initialDate, to: query.finalDate, timezone: clock.timezone };
  const byHour = period.from === period.to;
  const counted = await countTicketsCreatedBy(deps.db, ctx.companyId, period, byHour ? "hour" : "day");
  const count = counted.reduce((sum, row) => sum + row.total, 0);
  return byHour
    ? { granularity: "hour", count, data: fillHours(counted) }
    : { granularity: "day", count, data: fillDays(counted, period.from, period.to) };
}

/**
 * GET /dashboard/ticketsUsers: tickets created from initialDate to finalDate (local days, inclusive) per
 * attendant who worked them (accepted, resolved, or opened them), most first; tickets nobody took and
 * reservations nobody accepted are left out. Throws ERR_NO_PERMISSION.
 */
export async function getTicketsByAttendant(deps: DashboardDeps, ctx: RequestContext, query: DashboardChartQuery): Promise<TicketsUsersResponse> {
  assertCanView(ctx);
  const clock = await companyClock(deps, ctx);
  const data = await countTicketsByAttendant(deps.db, ctx.companyId, { from: query.initialDate, to: query.finalDate, timezone: clock.timezone });
  return { data };
}
