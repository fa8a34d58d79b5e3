import { and, eq } from "drizzle-orm";
import { LOCAL_DATE_TIME, instantOfLocalDateTime } from "@conversa/shared";
import type { Campaign, CampaignBody, CampaignTemplate, CampaignPacing, CampaignPacingBody, CampaignSettings, CampaignSettingsValues, CampaignShipping, ListCampaignsQuery } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { campaigns, connections, contactLists, contacts, fileLists, tags } from "../../db/schema/index.ts";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import { queueOutboundMessage } from "../../engine/outbound.ts";
import { AppError } from "../../lib/app-error.ts";
import { CLOUD_PROVIDER } from "../../channels/cloud/cloud-connections.ts";
import { type AuditFields, recordAudit } from "../audit/index.ts";
import { checkedTemplateSend } from "../cloud-templates/index.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { UploadedFile } from "../../media/uploads.ts";
import { companyTimeZone, readCampaignSettings, readPacing, toCampaignPacing, writeCampaignSettings, writePacing } from "./campaign-settings.repository.ts";
import { requireCampaignManager } from "./contact-lists.service.ts";
import { campaignAttachmentOf, composeText, fillTemplateParameters, reconcileDeliveries } from "./campaigns.dispatch.ts";
import { DISPATCH_CAMPAIGN_JOB, START_CAMPAIGN_JOB, campaignJobKey, queueCampaignStart, queueDispatchStep } from "./campaigns.jobs.ts";
import { type CampaignAction, editabilityOf, filledSlots, isComplete, pickSlot, statusOnSave, textsOf, transitionOf } from "./campaigns.policy.ts";
import { type CampaignRow, findCampaignRow, listCampaignsPage, listShippingPage, loadCampaign } from "./campaigns.repository.ts";
import { campaignContactOf, campaignTicketOf } from "./campaigns.tickets.ts";

const notFound = () => new AppError("ERR_NO_CAMPAIGN_FOUND", undefined, "Campaign not found");

async function requireCampaign(db: Db, ctx: RequestContext, id: number): Promise<CampaignRow> {
  const row = await findCampaignRow(db, ctx.companyId, id);
  if (!row) throw notFound();
  return row;
}

async function loadOrFail(db: Db, companyId: number, id: number): Promise<Campaign> {
  const campaign = await loadCampaign(db, companyId, id);
  if (!campaign) throw notFound();
  return campaign;
}

function publish(deps: EngineDeps, companyId: number, action: "create" | "update" | "delete", record: { id: number }): void {
  deps.events.publish("record.changed", { companyId, channel: "campaign", action, record });
}

/**
 * Checks that every record the campaign names is the company's, and what the official line asks of a
 * campaign (`checkOfficialLine`). Throws ERR_NO_WAPP_FOUND, ERR_NO_CONTACT_LIST_FOUND, ERR_NO_TAG_FOUND,
 * ERR_NO_FILE_LIST_FOUND and the official line's codes.
 */
async function checkReferences(db: Db, companyId: number, body: CampaignBody, mediaPath: string | null): Promise<void> {
  const exists = async (table: typeof contactLists | typeof tags | typeof fileLists, id: number | null, code: ConstructorParameters<typeof AppError>[0]) => {
    if (id === null) return;
    const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.companyId, companyId), eq(table.id, id)));
    if (!row) throw new AppError(code);
  };
  let provider: string | null = null;
  if (body.whatsappId !== null) {
    const [connection] = await db.select({ provider: connections.provider }).from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, body.whatsappId)));
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
    provider = connection.provider;
  }
  await exists(contactLists, body.contactListId, "ERR_NO_CONTACT_LIST_FOUND");
  await exists(tags, body.tagListId, "ERR_NO_TAG_FOUND");
  await exists(fileLists, body.fileListId, "ERR_NO_FILE_LIST_FOUND");
  await checkOfficialLine(db, companyId, { ...body, mediaPath }, provider);
}

/**
 * The official line's rules for a campaign: a template only on a `cloud` connection
 * (ERR_CLOUD_TEMPLATE_UNSUPPORTED), and there always one (ERR_CLOUD_CAMPAIGN_TEMPLATE_REQUIRED) that is synced,
 * approved and given its number of parameters (the template codes); an attachment or a file list only with
 * confirmation, where they follow the customer's answer inside the window (ERR_CLOUD_CAMPAIGN_FILES).
 */
async function checkOfficialLine(
  db: Db,
  companyId: number,
  campaign: { whatsappId: number | null; template: CampaignTemplate | null; confirmation: boolean; fileListId: number | null; mediaPath: string | null },
  provider: string | null,
): Promise<void> {
  if (provider !== CLOUD_PROVIDER || campaign.whatsappId === null) {
    if (campaign.template) throw new AppError("ERR_CLOUD_TEMPLATE_UNSUPPORTED");
    return;
  }
  if (!campaign.template) throw new AppError("ERR_CLOUD_CAMPAIGN_TEMPLATE_REQUIRED");
  await checkedTemplateSend(db, companyId, campaign.whatsappId, campaign.template);
  if (!campaign.confirmation && (campaign.fileListId !== null || campaign.mediaPath !== null)) throw new AppError("ERR_CLOUD_CAMPAIGN_FILES");
}

/** A page of 20 of the company's campaigns, newest first, with their report figures. */
export function listCampaigns(deps: EngineDeps, ctx: RequestContext, query: ListCampaignsQuery): Promise<{ records: Campaign[]; hasMore: boolean }> {
  requireCampaignManager(ctx);
  return listCampaignsPage(deps.db, ctx.companyId, query.searchParam, query.pageNumber);
}

/** One campaign with its report figures (brought up to date with the sends first). Throws ERR_NO_CAMPAIGN_FOUND. */
export async function showCampaign(deps: EngineDeps, ctx: RequestContext, id: number): Promise<Campaign> {
  requireCampaignManager(ctx);
  await requireCampaign(deps.db, ctx, id);
  await reconcileDeliveries(deps.db, ctx.companyId, id, nowOf(deps));
  return loadOrFail(deps.db, ctx.companyId, id);
}

/** The campaign's recipients for the report, 100 a page. Throws ERR_NO_CAMPAIGN_FOUND. */
export async function listCampaignShipping(deps: EngineDeps, ctx: RequestContext, id: number, pageNumber: number): Promise<{ records: CampaignShipping[]; hasMore: boolean }> {
  requireCampaignManager(ctx);
  await requireCampaign(deps.db, ctx, id);
  return listShippingPage(deps.db, ctx.companyId, id, pageNumber);
}

/**
 * The body as stored: its `companyId` only the session's (ERR_COMPANY_MISMATCH otherwise), a
 * `scheduledAt` on the company's clock (`YYYY-MM-DD HH:mm:ss`) turned into its instant (ERR_VALIDATION
 * for an impossible one).
 */
async function resolvedBody(db: Db, ctx: RequestContext, body: CampaignBody): Promise<CampaignBody> {
  if (body.companyId !== undefined && body.companyId !== ctx.companyId) {
    throw new AppError("ERR_COMPANY_MISMATCH", undefined, "A campaign stays in the session's company");
  }
  if (!body.scheduledAt || !LOCAL_DATE_TIME.test(body.scheduledAt)) return body;
  const instant = instantOfLocalDateTime(body.scheduledAt, await companyTimeZone(db, ctx.companyId));
  if (!instant) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/scheduledAt", message: "Not a date-time" }], "Not a date-time");
  return { ...body, scheduledAt: instant.toISOString() };
}

function scheduledAtOf(body: CampaignBody): Date | null {
  return body.scheduledAt ? new Date(body.scheduledAt) : null;
}

function columnsOf(body: CampaignBody) {
  return {
    name: body.name,
    ...textsOf(body),
    confirmation: body.confirmation,
    whatsappId: body.whatsappId,
    contactListId: body.contactListId,
    tagListId: body.tagListId,
    fileListId: body.fileListId,
    template: body.template,
  };
}

/**
 * Creates a campaign: PROGRAMADA when it has a scheduledAt (its start is queued for then), else
 * INATIVA. Throws ERR_COMPANY_MISMATCH, ERR_VALIDATION (an impossible scheduledAt), ERR_CAMPAIGN_INCOMPLETE
 * (scheduled without a connection, recipients or a message) and
 * the not-found codes of the records it names.
 */
export async function createCampaign(deps: EngineDeps, ctx: RequestContext, sent: CampaignBody): Promise<Campaign> {
  requireCampaignManager(ctx);
  const body = await resolvedBody(deps.db, ctx, sent);
  await checkReferences(deps.db, ctx.companyId, body, null);
  const scheduledAt = scheduledAtOf(body);
  if (scheduledAt && !isComplete(body)) throw new AppError("ERR_CAMPAIGN_INCOMPLETE");
  await deps.jobs.prepare(START_CAMPAIGN_JOB);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ companyId: ctx.companyId, ...columnsOf(body), scheduledAt, status: statusOnSave(scheduledAt) })
      .returning();
    if (!row) throw new Error("campaign insert returned no row");
    if (row.scheduledAt) await queueCampaignStart(deps.jobs, { id: row.id, companyId: row.companyId, scheduledAt: row.scheduledAt }, tx);
    await recordAudit(tx, ctx, { action: "campaign.create", target: campaignTarget(row.id), after: audited(row) });
    return row.id;
  });
  const campaign = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "create", campaign);
  return campaign;
}

/**
 * Saves a campaign (spec admin §4): everything while INATIVA or PROGRAMADA more than an hour ahead
 * (a new scheduledAt moves its start); only the message texts of a CANCELADA one (any other change is
 * refused); nothing otherwise. Throws ERR_COMPANY_MISMATCH, ERR_NO_CAMPAIGN_FOUND, ERR_CAMPAIGN_NOT_EDITABLE,
 * ERR_CAMPAIGN_INCOMPLETE and the not-found codes of the records it names.
 */
export async function updateCampaign(deps: EngineDeps, ctx: RequestContext, id: number, sent: CampaignBody): Promise<Campaign> {
  requireCampaignManager(ctx);
  const body = await resolvedBody(deps.db, ctx, sent);
  await checkReferences(deps.db, ctx.companyId, body, (await requireCampaign(deps.db, ctx, id)).mediaPath);
  await deps.jobs.prepare(START_CAMPAIGN_JOB);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)))
      .for("update");
    if (!current) throw notFound();
    const editability = editabilityOf({ status: statusOrInactive(current.status), scheduledAt: current.scheduledAt }, nowOf(deps));
    if (editability === "none") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    if (editability === "texts") {
      const requested = scheduledAtOf(body);
      const unchanged =
        body.name === current.name &&
        body.confirmation === current.confirmation &&
        body.whatsappId === current.whatsappId &&
        body.contactListId === current.contactListId &&
        body.tagListId === current.tagListId &&
        body.fileListId === current.fileListId &&
        (body.scheduledAt === undefined || requested?.getTime() === current.scheduledAt?.getTime());
      if (!unchanged) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", undefined, "Only the message texts of a cancelled campaign can change");
      const [saved] = await tx.update(campaigns).set({ ...textsOf(body), template: body.template, updatedAt: nowOf(deps) }).where(eq(campaigns.id, id)).returning();
      await recordAudit(tx, ctx, { action: "campaign.update", target: campaignTarget(id), before: audited(current), after: saved && audited(saved) });
      return;
    }
    const scheduledAt = scheduledAtOf(body);
    if (scheduledAt && !isComplete(body)) throw new AppError("ERR_CAMPAIGN_INCOMPLETE");
    const [saved] = await tx
      .update(campaigns)
      .set({ ...columnsOf(body), scheduledAt, status: statusOnSave(scheduledAt), updatedAt: nowOf(deps) })
      .where(eq(campaigns.id, id))
      .returning();
    if (scheduledAt) await queueCampaignStart(deps.jobs, { id, companyId: ctx.companyId, scheduledAt }, tx);
    await recordAudit(tx, ctx, { action: "campaign.update", target: campaignTarget(id), before: audited(current), after: saved && audited(saved) });
  });
  const campaign = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "update", campaign);
  return campaign;
}

/** A campaign's own fields as the audit log records them (no counters, no dispatch bookkeeping). */
function audited(row: CampaignRow): AuditFields {
  const { name, status, confirmation, scheduledAt, pausedAt, whatsappId, contactListId, tagListId, fileListId, mediaName, template } = row;
  return { name, status, confirmation, scheduledAt, pausedAt, whatsappId, contactListId, tagListId, fileListId, mediaName, template, ...textsOf(row) };
}

const campaignTarget = (id: number) => ({ type: "campaign", id });

function statusOrInactive(status: string): Campaign["status"] {
  return status === "PROGRAMADA" || status === "EM_ANDAMENTO" || status === "CANCELADA" || status === "FINALIZADA" ? status : "INATIVA";
}

/** Deletes a campaign with its recipients (a running one stops; messages already queued still go). Throws ERR_NO_CAMPAIGN_FOUND. */
export async function deleteCampaign(deps: EngineDeps, ctx: RequestContext, id: number): Promise<void> {
  requireCampaignManager(ctx);
  const current = await requireCampaign(deps.db, ctx, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(campaigns).where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)));
    await recordAudit(tx, ctx, { action: "campaign.delete", target: campaignTarget(id), before: { name: current.name, status: current.status } });
  });
  await deps.jobs.cancelByKey(START_CAMPAIGN_JOB, campaignJobKey(id));
  if (current.mediaPath) await deps.media.remove(ctx.companyId, current.mediaPath);
  publish(deps, ctx.companyId, "delete", { id });
}

/**
 * Runs an action of the status machine in one transaction: cancel (EM_ANDAMENTO → CANCELADA), restart
 * (CANCELADA → EM_ANDAMENTO, the dispatch goes on with the recipients not yet sent), pause and resume
 * (EM_ANDAMENTO, sending held or continued). Each moves the dispatch chain on, so a step queued before
 * does nothing. Throws ERR_NO_CAMPAIGN_FOUND, ERR_CAMPAIGN_STATUS.
 */
export async function changeCampaignState(deps: EngineDeps, ctx: RequestContext, id: number, action: CampaignAction): Promise<Campaign> {
  requireCampaignManager(ctx);
  await deps.jobs.prepare(DISPATCH_CAMPAIGN_JOB);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)))
      .for("update");
    if (!current) throw notFound();
    const status = transitionOf(statusOrInactive(current.status), current.pausedAt !== null, action);
    if (!status) throw new AppError("ERR_CAMPAIGN_STATUS", { status: current.status, action });
    const seq = current.dispatchSeq + 1;
    const now = nowOf(deps);
    const pausedAt = action === "pause" ? now : null;
    // A user's action replaces the dispatch's own pause and its reason.
    await tx.update(campaigns).set({ status, pausedAt, pauseReason: null, dispatchSeq: seq, updatedAt: now }).where(eq(campaigns.id, id));
    await recordAudit(tx, ctx, { action: `campaign.${action}`, target: campaignTarget(id), before: { status: current.status, pausedAt: current.pausedAt }, after: { status, pausedAt } });
    if (action === "restart" || action === "resume") await queueDispatchStep(deps.jobs, current, seq, undefined, tx);
  });
  const campaign = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "update", campaign);
  return campaign;
}

/**
 * Attaches a file to a campaign (checked by content), replacing any earlier one; allowed while the
 * campaign is editable. Throws ERR_NO_CAMPAIGN_FOUND, ERR_CAMPAIGN_NOT_EDITABLE, ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE.
 */
export async function attachCampaignMedia(deps: EngineDeps, ctx: RequestContext, id: number, file: UploadedFile): Promise<Campaign> {
  requireCampaignManager(ctx);
  const current = await requireCampaign(deps.db, ctx, id);
  if (editabilityOf({ status: statusOrInactive(current.status), scheduledAt: current.scheduledAt }, nowOf(deps)) !== "all") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
  if (current.template && !current.confirmation) throw new AppError("ERR_CLOUD_CAMPAIGN_FILES");
  const stored = await deps.media.save(ctx.companyId, file.content, file.filename, file.mimetype);
  const mediaName = stored.originalName.replace(/\s+/g, "_");
  const rows = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(campaigns)
      .set({ mediaPath: stored.fileName, mediaName, updatedAt: nowOf(deps) })
      .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)))
      .returning({ id: campaigns.id });
    if (updated.length > 0) await recordAudit(tx, ctx, { action: "campaign.update", target: campaignTarget(id), before: { mediaName: current.mediaName }, after: { mediaName } });
    return updated;
  });
  if (rows.length === 0) {
    await deps.media.remove(ctx.companyId, stored.fileName);
    throw notFound();
  }
  if (current.mediaPath) await deps.media.remove(ctx.companyId, current.mediaPath);
  const campaign = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "update", campaign);
  return campaign;
}

/** Removes a campaign's attachment while it is editable. Throws ERR_NO_CAMPAIGN_FOUND, ERR_CAMPAIGN_NOT_EDITABLE. */
export async function removeCampaignMedia(deps: EngineDeps, ctx: RequestContext, id: number): Promise<Campaign> {
  requireCampaignManager(ctx);
  const current = await requireCampaign(deps.db, ctx, id);
  if (editabilityOf({ status: statusOrInactive(current.status), scheduledAt: current.scheduledAt }, nowOf(deps)) !== "all") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
  await deps.db.transaction(async (tx) => {
    await tx.update(campaigns).set({ mediaPath: null, mediaName: null, updatedAt: nowOf(deps) }).where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)));
    await recordAudit(tx, ctx, { action: "campaign.update", target: campaignTarget(id), before: { mediaName: current.mediaName }, after: { mediaName: null } });
  });
  if (current.mediaPath) await deps.media.remove(ctx.companyId, current.mediaPath);
  const campaign = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "update", campaign);
  return campaign;
}

/**
 * Sends one message of the campaign (a random filled slot, placeholders filled for that number, with
 * the attachment; on the official line its template, parameters filled for that number) to one number
 * on the campaign's connection, into that contact's conversation. Throws ERR_NO_CAMPAIGN_FOUND,
 * ERR_CAMPAIGN_INCOMPLETE (no connection or no message) and the template's codes.
 */
export async function testSendCampaign(deps: EngineDeps, ctx: RequestContext, id: number, number: string): Promise<{ message: string }> {
  requireCampaignManager(ctx);
  const campaign = await requireCampaign(deps.db, ctx, id);
  if (campaign.whatsappId === null || (!campaign.template && filledSlots(campaign).length === 0)) throw new AppError("ERR_CAMPAIGN_INCOMPLETE");
  const whatsappId = campaign.whatsappId;
  const settings = await readCampaignSettings(deps.db, ctx.companyId);
  const now = nowOf(deps);
  const [known] = await deps.db.select({ name: contacts.name, email: contacts.email }).from(contacts).where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, number)));
  const recipient = { name: known?.name ?? number, number, email: known?.email ?? "" };
  const template = campaign.template ? await checkedTemplateSend(deps.db, ctx.companyId, whatsappId, fillTemplateParameters(campaign.template, recipient, settings.variables)) : undefined;
  const body = template?.body ?? composeText(campaign, pickSlot(campaign, Math.random()), "message", recipient, settings.variables);
  const ticketId = await deps.db.transaction(async (tx) => {
    // The number typed is a person's: the entry names the campaign only.
    await recordAudit(tx, ctx, { action: "campaign.test_send", target: campaignTarget(id) });
    return campaignTicketOf(tx, ctx.companyId, await campaignContactOf(tx, ctx.companyId, recipient, whatsappId), whatsappId, now);
  });
  const media = template ? undefined : await campaignAttachmentOf(deps, ctx.companyId, campaign.mediaPath, campaign.mediaName);
  await queueOutboundMessage(deps, { companyId: ctx.companyId, ticketId, body, userId: ctx.userId, ...(media ? { media } : {}), ...(template ? { template: template.template } : {}) });
  return { message: "Test message queued" };
}

/** The company's campaign settings, defaults for what was never saved. */
export function showCampaignSettings(deps: Pick<EngineDeps, "db">, ctx: RequestContext): Promise<CampaignSettings> {
  requireCampaignManager(ctx);
  return readCampaignSettings(deps.db, ctx.companyId);
}

/** Saves the given campaign settings (variable keys unique, checked by the schema). */
export async function saveCampaignSettings(deps: Pick<EngineDeps, "db">, ctx: RequestContext, body: CampaignSettingsValues): Promise<CampaignSettings> {
  requireCampaignManager(ctx);
  const before = await readCampaignSettings(deps.db, ctx.companyId);
  await deps.db.transaction(async (tx) => {
    await writeCampaignSettings(tx, ctx.companyId, body);
    const after = await readCampaignSettings(tx, ctx.companyId);
    const target = { type: "campaign_settings", id: ctx.companyId };
    await recordAudit(tx, ctx, { action: "campaign_settings.update", target, before: auditedSettings(before), after: auditedSettings(after), secretFields: variableFields(before, after) });
  });
  return readCampaignSettings(deps.db, ctx.companyId);
}

/** Campaign settings as the audit log records them: the intervals, and each variable as a field of its own, its value redacted (it may hold a company's secret). */
function auditedSettings(settings: CampaignSettings): AuditFields {
  const { variables, ...intervals } = settings;
  return { ...intervals, ...Object.fromEntries(variables.map((variable) => [variableField(variable.key), variable.value])) };
}

const variableField = (key: string) => `variable:${key}`;

function variableFields(...all: CampaignSettings[]): string[] {
  return all.flatMap((settings) => settings.variables.map((variable) => variableField(variable.key)));
}

async function requireConnection(db: Db, companyId: number, whatsappId: number): Promise<void> {
  const [row] = await db.select({ id: connections.id }).from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, whatsappId)));
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
}

/** A connection's campaign pacing. Throws ERR_NO_WAPP_FOUND. */
export async function showPacing(deps: Pick<EngineDeps, "db">, ctx: RequestContext, whatsappId: number): Promise<CampaignPacing> {
  requireCampaignManager(ctx);
  await requireConnection(deps.db, ctx.companyId, whatsappId);
  return toCampaignPacing(whatsappId, await readPacing(deps.db, ctx.companyId, whatsappId));
}

/** Sets a connection's campaign pacing (daily cap, sending window, jitter). Throws ERR_NO_WAPP_FOUND. */
export async function savePacing(deps: Pick<EngineDeps, "db">, ctx: RequestContext, whatsappId: number, body: CampaignPacingBody): Promise<CampaignPacing> {
  requireCampaignManager(ctx);
  await requireConnection(deps.db, ctx.companyId, whatsappId);
  const pacing = {
    dailyLimit: body.dailyLimit,
    windowStartMinute: body.windowStart,
    windowEndMinute: body.windowEnd,
    jitterSeconds: body.jitterSeconds,
  };
  const before = await readPacing(deps.db, ctx.companyId, whatsappId);
  await deps.db.transaction(async (tx) => {
    await writePacing(tx, ctx.companyId, whatsappId, pacing);
    await recordAudit(tx, ctx, { action: "campaign_settings.update", target: { type: "campaign_pacing", id: whatsappId }, before: { ...before }, after: pacing });
  });
  return toCampaignPacing(whatsappId, pacing);
}
