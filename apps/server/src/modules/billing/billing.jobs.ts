import { eq } from "drizzle-orm";
import { z } from "zod";
import { billingRuns } from "../../db/schema/index.ts";
import { type JobQueue, defineJob } from "../../jobs/queue.ts";
import { mailLine } from "../../mail/mail-text.ts";
import { formatAmount } from "./br-code.ts";
import { type BillingDeps, chargeForInvoice, ensureInvoice, reconcileOpenInvoices } from "./billing.service.ts";
import { claimReminder, companiesDueBefore, companyAdminEmails, findCompanyWithPlan, invoiceDto, invoicesNeedingReminders } from "./billing.repository.ts";

const DAY_MS = 86_400_000;
/** Admins are reminded of an open invoice this many days before it is due. */
export const DUE_REMINDER_DAYS = 3;
/** The daily run starts at this hour (UTC) of each day. */
const DAILY_RUN_HOUR_UTC = 6;

/**
 * `billing.daily`: once a day, every company whose due date is within INVOICE_LEAD_DAYS gets its invoice
 * for that date (exactly once: one per company and due date), and the reminders are sent. Safe to run
 * twice or in two processes at once.
 */
export const BILLING_DAILY_JOB = defineJob({
  name: "billing.daily",
  schema: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  retryLimit: 5,
  retryDelay: 30,
  backoff: true,
  retryDelayMax: 1800,
});

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The one idempotent step of invoicing: every company (or only `companyId`) on a paid plan whose due date
 * is past or within INVOICE_LEAD_DAYS gets its invoice for that date, exactly once (one per company and
 * due date), then the reminders due are sent. Answers how many invoices it created.
 */
async function createDueInvoices(deps: BillingDeps, now: Date, companyId?: number): Promise<{ created: number }> {
  const until = new Date(now.getTime() + deps.config.billing.invoiceLeadDays * DAY_MS);
  let created = 0;
  for (const company of await companiesDueBefore(deps.db, until, companyId)) {
    if (!company.dueDate) continue;
    const result = await ensureInvoice(deps.db, company, company.dueDate);
    if (!result.created) continue;
    created++;
    deps.events.publish("invoice.changed", { companyId: company.id, invoice: invoiceDto(result.invoice) });
  }
  await sendReminders(deps, now, companyId);
  return { created };
}

/** Creates the invoices that are due to exist, then sends the reminders. Answers how many invoices it created. */
export function runInvoiceSweep(deps: BillingDeps, now = new Date()): Promise<{ created: number }> {
  return createDueInvoices(deps, now);
}

/**
 * One company's invoice as soon as it is due to exist: called when a company is created, signs up, or
 * has its due date or plan changed, so that an overdue company need not wait for the next daily run.
 * First the open invoices that no longer match the company's due date or plan are cancelled or brought
 * to the current plan (their pending Pix charges withdrawn), so the company keeps one open invoice, for
 * its current due date and plan. The same idempotent step as the daily run: nothing is created twice.
 * Answers how many it created.
 */
export async function invoiceCompanyIfDue(deps: BillingDeps, companyId: number, now = new Date()): Promise<{ created: number }> {
  for (const invoice of await reconcileOpenInvoices(deps.db, companyId, now)) deps.events.publish("invoice.changed", { companyId, invoice });
  return createDueInvoices(deps, now, companyId);
}

const brDate = (date: Date, timeZone: string) => new Intl.DateTimeFormat("pt-BR", { timeZone, day: "2-digit", month: "2-digit", year: "numeric" }).format(date);

/**
 * The e-mails to the company's admins: one when an invoice is created, one when it is due in 3 days
 * (one only, the first, when it is created that close to its date). Each is claimed before it is sent,
 * so that two runs never send it twice; a failed send gives the claim back for the next run.
 */
async function sendReminders(deps: BillingDeps, now: Date, companyId?: number): Promise<void> {
  if (!deps.mailer.enabled) return;
  const dueBefore = new Date(now.getTime() + DUE_REMINDER_DAYS * DAY_MS);
  for (const invoice of await invoicesNeedingReminders(deps.db, dueBefore, companyId)) {
    const dueSoon = invoice.dueNoticeAt === null && invoice.dueDate.getTime() <= dueBefore.getTime();
    const kind = invoice.createdNoticeAt === null ? "created" : dueSoon ? "due" : undefined;
    if (!kind || !(await claimReminder(deps.db, invoice.id, kind))) continue;
    if (kind === "created" && dueSoon) await claimReminder(deps.db, invoice.id, "due");
    try {
      await sendReminder(deps, invoice, kind);
    } catch (error) {
      deps.logger?.warn({ err: error, invoiceId: invoice.id, kind }, "invoice reminder not sent: tried again on the next run");
      await claimReminder(deps.db, invoice.id, kind, true);
      if (kind === "created" && dueSoon) await claimReminder(deps.db, invoice.id, "due", true);
    }
  }
}

async function sendReminder(deps: BillingDeps, invoice: Parameters<typeof invoiceDto>[0], kind: "created" | "due"): Promise<void> {
  const company = await findCompanyWithPlan(deps.db, invoice.companyId);
  const recipients = await companyAdminEmails(deps.db, invoice.companyId);
  if (!company || recipients.length === 0) return;
  let pixCode: string | undefined;
  // The Pix code is the invoice's own charge, for the plan it bills (a free plan is never charged).
  if (deps.payments && company.plan && invoice.valueCents > 0) {
    try {
      pixCode = (await chargeForInvoice(deps, invoice, company.plan, {})).brCode;
    } catch (error) {
      deps.logger?.warn({ err: error, invoiceId: invoice.id }, "no Pix code for the invoice reminder");
    }
  }
  const amount = `R$ ${formatAmount(invoice.valueCents).replace(".", ",")}`;
  // Names and details typed by people: single plain lines in the subject and the body.
  const companyName = mailLine(company.name);
  const detail = mailLine(invoice.detail, 200);
  const due = brDate(invoice.dueDate, company.timezone);
  const link = deps.config.publicUrl ? `${deps.config.publicUrl}/financeiro` : undefined;
  const subject = kind === "created" ? `Nova fatura #${invoice.id} de ${companyName}: ${amount}, vence em ${due}` : `Sua fatura #${invoice.id} vence em ${DUE_REMINDER_DAYS} dias (${due})`;
  const lines = [
    kind === "created" ? `Uma nova fatura da empresa ${companyName} foi gerada.` : `A fatura da empresa ${companyName} vence em ${DUE_REMINDER_DAYS} dias.`,
    "",
    `Fatura: #${invoice.id}`,
    `Detalhes: ${detail}`,
    `Valor: ${amount}`,
    `Vencimento: ${due}`,
    ...(pixCode ? ["", "Pix copia e cola:", pixCode] : []),
    ...(link ? ["", `Pague em ${link}`] : []),
  ];
  for (const to of recipients) await deps.mailer.send({ to, subject, text: lines.join("\n") });
}

/** The next day's run: at DAILY_RUN_HOUR_UTC of the day after `day`. */
function nextRun(day: string): { day: string; at: Date } {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { day: dayOf(next), at: new Date(next.getTime() + DAILY_RUN_HOUR_UTC * 3600_000) };
}

/**
 * Runs `billing.daily` and keeps it going: at start the run of today is queued (several processes may
 * queue it; runs are idempotent), and each run claims the next day in billing_runs and, when it is the
 * claimer, queues that day's run in the same transaction, so that exactly one chain goes on.
 */
export async function startBillingWorkers(deps: BillingDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.prepare(BILLING_DAILY_JOB);
  await deps.jobs.work(BILLING_DAILY_JOB, async ({ day }) => {
    await runInvoiceSweep(deps);
    const next = nextRun(day);
    await deps.db.transaction(async (tx) => {
      const claimed = await tx.insert(billingRuns).values({ day: next.day }).onConflictDoNothing().returning({ day: billingRuns.day });
      if (claimed.length === 1) await deps.jobs.send(BILLING_DAILY_JOB, { day: next.day }, { startAfter: next.at, tx });
    });
  });
  const today = dayOf(new Date());
  const [claimedToday] = await deps.db.select({ day: billingRuns.day }).from(billingRuns).where(eq(billingRuns.day, today));
  // Today's run is queued at start unless a chain already holds today (a run queued by yesterday's).
  if (!claimedToday) await deps.jobs.send(BILLING_DAILY_JOB, { day: today });
}
