import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import {
  type ListQueueIntegrationsResponse,
  type QueueIntegration,
  type QueueIntegrationBody,
  type TestSessionBody,
  type TestSessionResponse,
  ZQueueIntegration,
  can,
  integrationFieldProblems,
} from "@conversa/shared";
import { newSigningSecret, parseServiceAccount } from "../../bots/integrations.ts";
import { BotFailure } from "../../bots/runtime.ts";
import type { Db } from "../../db/client.ts";
import { queueIntegrations, queues } from "../../db/schema/index.ts";
import { integrationExchange } from "../../engine/bot-services.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { assertUrlAllowed } from "../../lib/egress.ts";
import { recordAudit } from "../audit/index.ts";
import { findCompanyEgressFacts } from "../companies/index.ts";
import { signingSecretChange } from "./integration-secret-origin.ts";

export type IntegrationsDeps = EngineDeps;

export const INTEGRATIONS_PAGE_SIZE = 20;

type IntegrationRow = typeof queueIntegrations.$inferSelect;

const notFound = () => new AppError("ERR_NO_INTEGRATION_FOUND", undefined, "Integration not found");

function assertCanManage(ctx: RequestContext): void {
  if (!can({ profile: ctx.profile, isSuper: ctx.isSuper }, "bots:manage")) throw new AppError("ERR_NO_PERMISSION");
}

function toIntegration(row: IntegrationRow, secret?: string): QueueIntegration {
  return {
    id: row.id,
    type: ZQueueIntegration.shape.type.catch("webhook").parse(row.type),
    name: row.name,
    projectName: row.projectName,
    jsonContent: "",
    jsonClientEmail: row.jsonClientEmail,
    language: row.language,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotUnknownMessage: row.typebotUnknownMessage,
    typebotRestartMessage: row.typebotRestartMessage,
    hasSecret: row.secretSealed !== null,
    ...(secret ? { secret } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * An integration's fields as its audit entries show them: the credentials and the signing secret by their
 * sealed form only, which the log redacts (it shows that they were set, changed or removed).
 */
function auditFields(row: IntegrationRow): Record<string, unknown> {
  return {
    type: row.type,
    name: row.name,
    projectName: row.projectName,
    jsonContent: row.jsonContentSealed,
    jsonClientEmail: row.jsonClientEmail,
    language: row.language,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotUnknownMessage: row.typebotUnknownMessage,
    typebotRestartMessage: row.typebotRestartMessage,
    secret: row.secretSealed,
  };
}
const INTEGRATION_SECRET_FIELDS = ["jsonContent", "secret"] as const;

async function findRow(db: Db, companyId: number, id: number): Promise<IntegrationRow | undefined> {
  const [row] = await db.select().from(queueIntegrations).where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
  return row;
}

/** A page of 20 integrations by id, searched by name. */
export async function listIntegrations(deps: Pick<IntegrationsDeps, "db">, ctx: RequestContext, query: { searchParam?: string; pageNumber: number }): Promise<ListQueueIntegrationsResponse> {
  assertCanManage(ctx);
  const term = query.searchParam?.trim();
  const where = and(eq(queueIntegrations.companyId, ctx.companyId), term ? ilike(queueIntegrations.name, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const rows = await deps.db
    .select()
    .from(queueIntegrations)
    .where(where)
    .orderBy(asc(queueIntegrations.id))
    .limit(INTEGRATIONS_PAGE_SIZE)
    .offset((query.pageNumber - 1) * INTEGRATIONS_PAGE_SIZE);
  const [total] = await deps.db.select({ value: count() }).from(queueIntegrations).where(where);
  const countValue = total?.value ?? 0;
  return { queueIntegrations: rows.map((r) => toIntegration(r)), count: countValue, hasMore: query.pageNumber * INTEGRATIONS_PAGE_SIZE < countValue };
}

/** One integration. Throws ERR_NO_PERMISSION, ERR_NO_INTEGRATION_FOUND. */
export async function showIntegration(deps: Pick<IntegrationsDeps, "db">, ctx: RequestContext, id: number): Promise<QueueIntegration> {
  assertCanManage(ctx);
  const row = await findRow(deps.db, ctx.companyId, id);
  if (!row) throw notFound();
  return toIntegration(row);
}

/** The service account of a dialogflow body; ERR_INTEGRATION_INVALID_CREDENTIALS when it is not one. */
function credentialsOf(deps: IntegrationsDeps, jsonContent: string | undefined): { jsonContentSealed: string; jsonClientEmail: string } | undefined {
  if (jsonContent === undefined || jsonContent.trim() === "") return undefined;
  const account = parseServiceAccount(jsonContent);
  if (!account) throw new AppError("ERR_INTEGRATION_INVALID_CREDENTIALS", undefined, "The JSON is not a service account with client_email and private_key");
  return { jsonContentSealed: deps.bots.box.seal(jsonContent), jsonClientEmail: account.client_email.slice(0, 320) };
}

function valuesOf(body: QueueIntegrationBody) {
  return {
    type: body.type,
    name: body.name,
    projectName: body.projectName,
    language: body.language,
    urlN8N: body.urlN8N,
    typebotSlug: body.typebotSlug,
    typebotExpires: body.typebotExpires,
    typebotDelayMessage: body.typebotDelayMessage,
    typebotKeywordFinish: body.typebotKeywordFinish,
    typebotKeywordRestart: body.typebotKeywordRestart,
    typebotUnknownMessage: body.typebotUnknownMessage,
    typebotRestartMessage: body.typebotRestartMessage,
  };
}

/** Refuses a body without the fields its type requires (ERR_VALIDATION with the fields). */
function assertTypeFields(body: QueueIntegrationBody, hasCredentials: boolean): void {
  const problems = integrationFieldProblems(body, hasCredentials);
  if (problems.length) throw new AppError("ERR_VALIDATION", problems.map((p) => ({ in: "body", ...p })), "Invalid request");
}

/** Refuses a urlN8N the company's outbound policy would refuse (ERR_URL_NOT_ALLOWED). */
async function assertIntegrationUrl(deps: IntegrationsDeps, ctx: RequestContext, body: QueueIntegrationBody): Promise<void> {
  if (!body.urlN8N) return;
  const tenant = deps.bots.egress.tenant(await findCompanyEgressFacts(deps.db, ctx.companyId));
  await assertUrlAllowed(tenant.policy, "urlN8N", body.urlN8N);
}

const signs = (type: string) => type === "webhook" || type === "n8n";

function publish(deps: IntegrationsDeps, companyId: number, action: "create" | "update" | "delete", record: { id: number }): void {
  deps.events.publish("record.changed", { companyId, channel: "queueIntegration", action, record });
}

/**
 * Creates an integration. A webhook or n8n one gets a signing secret, answered this once (`secret`).
 * Throws ERR_NO_PERMISSION, ERR_INTEGRATION_INVALID_CREDENTIALS, ERR_URL_NOT_ALLOWED.
 */
export async function createIntegration(deps: IntegrationsDeps, ctx: RequestContext, body: QueueIntegrationBody): Promise<QueueIntegration> {
  assertCanManage(ctx);
  assertTypeFields(body, false);
  await assertIntegrationUrl(deps, ctx, body);
  const credentials = body.type === "dialogflow" ? credentialsOf(deps, body.jsonContent) : undefined;
  if (body.type === "dialogflow" && !credentials) throw new AppError("ERR_INTEGRATION_INVALID_CREDENTIALS", undefined, "The service-account JSON is required");
  const secret = signs(body.type) ? newSigningSecret() : undefined;
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(queueIntegrations)
      .values({ companyId: ctx.companyId, ...valuesOf(body), ...(credentials ?? {}), secretSealed: secret ? deps.bots.box.seal(secret) : null })
      .returning();
    await recordAudit(tx, ctx, { action: "integration.create", target: { type: "integration", id: inserted!.id }, after: auditFields(inserted!), secretFields: INTEGRATION_SECRET_FIELDS });
    return inserted;
  });
  publish(deps, ctx.companyId, "create", toIntegration(row!));
  return toIntegration(row!, secret);
}

/**
 * Changes an integration; an empty jsonContent keeps the stored credentials. `renewSecret`, a change to
 * webhook or n8n without a secret, or a `urlN8N` of another origin makes a new signing secret, answered
 * this once (signingSecretChange); moving a type that signs nothing drops the stored one.
 * Throws ERR_NO_PERMISSION, ERR_NO_INTEGRATION_FOUND, ERR_INTEGRATION_INVALID_CREDENTIALS, ERR_URL_NOT_ALLOWED.
 */
export async function updateIntegration(deps: IntegrationsDeps, ctx: RequestContext, id: number, body: QueueIntegrationBody): Promise<QueueIntegration> {
  assertCanManage(ctx);
  const current = await findRow(deps.db, ctx.companyId, id);
  if (!current) throw notFound();
  assertTypeFields(body, current.jsonContentSealed !== null);
  await assertIntegrationUrl(deps, ctx, body);
  const credentials = body.type === "dialogflow" ? credentialsOf(deps, body.jsonContent) : undefined;
  if (body.type === "dialogflow" && !credentials && !current.jsonContentSealed) throw new AppError("ERR_INTEGRATION_INVALID_CREDENTIALS", undefined, "The service-account JSON is required");
  const secretChange = signingSecretChange({ urlN8N: current.urlN8N, hasSecret: current.secretSealed !== null }, { urlN8N: body.urlN8N, signs: signs(body.type), renewSecret: body.renewSecret });
  const secret = secretChange === "renew" ? newSigningSecret() : undefined;
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(queueIntegrations)
      .set({ ...valuesOf(body), ...(credentials ?? {}), ...(secret ? { secretSealed: deps.bots.box.seal(secret) } : secretChange === "drop" ? { secretSealed: null } : {}), updatedAt: sql`now()` })
      .where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, id)))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(tx, ctx, { action: "integration.update", target: { type: "integration", id }, before: auditFields(current), after: auditFields(updated), secretFields: INTEGRATION_SECRET_FIELDS });
    return updated;
  });
  publish(deps, ctx.companyId, "update", toIntegration(row));
  return toIntegration(row, secret);
}

/** Deletes an integration; queues that used it keep going without one. Throws ERR_NO_PERMISSION, ERR_NO_INTEGRATION_FOUND. */
export async function deleteIntegration(deps: IntegrationsDeps, ctx: RequestContext, id: number): Promise<void> {
  assertCanManage(ctx);
  const { companyId } = ctx;
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
      .returning({ id: queueIntegrations.id, type: queueIntegrations.type, name: queueIntegrations.name });
    if (!row) return false;
    await recordAudit(tx, ctx, { action: "integration.delete", target: { type: "integration", id }, before: { type: row.type, name: row.name } });
    await tx.update(queues).set({ integrationId: null }).where(and(eq(queues.companyId, companyId), eq(queues.integrationId, id)));
    return true;
  });
  if (!deleted) throw notFound();
  publish(deps, companyId, "delete", { id });
}

/**
 * One exchange with an integration, to try it: a saved one (`integrationId`), or dialogflow credentials not saved
 * yet. Answers the texts it replied. Throws ERR_NO_PERMISSION, ERR_NO_INTEGRATION_FOUND,
 * ERR_INTEGRATION_INVALID_CREDENTIALS. An exchange that fails answers `error`: "no-answer", "refused" (by the
 * outbound policy) or "timeout", never connection-level detail (which would tell an open port from a closed one).
 */
export async function testSession(deps: IntegrationsDeps, ctx: RequestContext, body: TestSessionBody): Promise<TestSessionResponse> {
  assertCanManage(ctx);
  const saved = body.integrationId !== undefined ? await findRow(deps.db, ctx.companyId, body.integrationId) : undefined;
  if (body.integrationId !== undefined && !saved) throw notFound();
  const credentials = credentialsOf(deps, body.jsonContent);
  let row: IntegrationRow;
  if (saved) {
    row = { ...saved, ...(credentials ?? {}), projectName: body.projectName || saved.projectName, language: body.language ?? saved.language };
  } else {
    if (!credentials || !body.projectName) throw new AppError("ERR_INTEGRATION_INVALID_CREDENTIALS", undefined, "projectName and jsonContent are required");
    const now = new Date();
    row = {
      id: 0,
      companyId: ctx.companyId,
      type: "dialogflow",
      name: "test",
      projectName: body.projectName,
      ...credentials,
      language: body.language ?? "pt-BR",
      urlN8N: "",
      secretSealed: null,
      typebotSlug: "",
      typebotExpires: 1,
      typebotDelayMessage: 0,
      typebotKeywordFinish: "",
      typebotKeywordRestart: "",
      typebotUnknownMessage: "",
      typebotRestartMessage: "",
      createdAt: now,
      updatedAt: now,
    };
  }
  const event = {
    event: "message" as const,
    companyId: ctx.companyId,
    ticketId: 0,
    queueId: null,
    contact: { id: 0, name: "Teste", number: "0" },
    message: { id: 0, body: body.message, mediaType: "chat", fromMe: false as const, timestamp: new Date().toISOString() },
  };
  try {
    const turn = await integrationExchange(deps, row, { text: body.message, sessionKey: `test-${ctx.companyId}-${ctx.userId}`, event });
    return { answers: turn.replies.map((r) => (r.kind === "text" ? r.text : r.url)), handover: turn.handover, error: null };
  } catch (error) {
    if (error instanceof BotFailure) return { answers: [], handover: false, error: error.outcome };
    throw error;
  }
}
