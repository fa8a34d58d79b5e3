import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import { type ListPromptsQuery, type ListPromptsResponse, type Prompt, type PromptBody, type PromptTestBody, type PromptTestResponse, can } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { connections, prompts, queues } from "../../db/schema/index.ts";
import { chatCompletion } from "../../bots/openai.ts";
import { BotFailure, type BotEgress } from "../../bots/runtime.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertUrlAllowed } from "../../lib/egress.ts";
import { recordAudit } from "../audit/index.ts";
import { findCompanyEgressFacts } from "../companies/index.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { type InstallationOrigins, assertKeysStayWithTheirOrigin, keepsStoredKey } from "./prompt-key-origin.ts";

export interface PromptsDeps {
  db: Db;
  events: DomainEvents;
  box: SecretBox;
  egress: Pick<BotEgress, "tenant">;
  /** Where prompts without addresses of their own send their keys. */
  installation: InstallationOrigins;
}

/** What a prompt's test uses besides: the installation's model server and egress, and the calls' time limit. */
export interface PromptTestDeps extends Pick<PromptsDeps, "db" | "box"> {
  egress: Pick<BotEgress, "tenant" | "installation">;
  openAiBaseUrl: string;
  timeoutMs: number;
}

export const PROMPTS_PAGE_SIZE = 20;

type PromptRow = typeof prompts.$inferSelect;

const notFound = () => new AppError("ERR_NO_PROMPT_FOUND", undefined, "Prompt not found");

function assertCanManage(ctx: RequestContext): void {
  if (!can({ profile: ctx.profile, isSuper: ctx.isSuper }, "bots:manage")) throw new AppError("ERR_NO_PERMISSION");
}

/** A stored key as shown: `••••` and its last 4 characters (only `••••` for a key too short to show any). */
const masked = (last4: string | null, sealed: string | null) => (sealed ? `••••${last4 ?? ""}` : null);

function toPrompt(row: PromptRow, queueName: string | null): Prompt {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    queueId: row.queueId,
    queue: queueName !== null ? { id: row.queueId, name: queueName } : null,
    model: row.model,
    baseUrl: row.baseUrl,
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    maxMessages: row.maxMessages,
    apiKey: masked(row.apiKeyLast4, row.apiKeySealed),
    voice: row.voice,
    voiceKey: masked(row.voiceKeyLast4, row.voiceKeySealed),
    voiceRegion: row.voiceRegion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findPrompt(db: Db, companyId: number, id: number): Promise<Prompt | undefined> {
  const [row] = await db
    .select({ prompt: prompts, queueName: queues.name })
    .from(prompts)
    .leftJoin(queues, eq(queues.id, prompts.queueId))
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  return row ? toPrompt(row.prompt, row.queueName) : undefined;
}

/** A page of 20 prompts by name, searched by name. */
export async function listPrompts(deps: Pick<PromptsDeps, "db">, ctx: RequestContext, query: ListPromptsQuery): Promise<ListPromptsResponse> {
  assertCanManage(ctx);
  const term = query.searchParam?.trim();
  const where = and(eq(prompts.companyId, ctx.companyId), term ? ilike(prompts.name, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const rows = await deps.db
    .select({ prompt: prompts, queueName: queues.name })
    .from(prompts)
    .leftJoin(queues, eq(queues.id, prompts.queueId))
    .where(where)
    .orderBy(asc(prompts.name), asc(prompts.id))
    .limit(PROMPTS_PAGE_SIZE)
    .offset((query.pageNumber - 1) * PROMPTS_PAGE_SIZE);
  const [total] = await deps.db.select({ value: count() }).from(prompts).where(where);
  const countValue = total?.value ?? 0;
  return { prompts: rows.map((r) => toPrompt(r.prompt, r.queueName)), count: countValue, hasMore: query.pageNumber * PROMPTS_PAGE_SIZE < countValue };
}

/** One prompt. Throws ERR_NO_PERMISSION, ERR_NO_PROMPT_FOUND. */
export async function showPrompt(deps: Pick<PromptsDeps, "db">, ctx: RequestContext, id: number): Promise<Prompt> {
  assertCanManage(ctx);
  const prompt = await findPrompt(deps.db, ctx.companyId, id);
  if (!prompt) throw notFound();
  return prompt;
}

async function assertQueue(db: Db, companyId: number, queueId: number): Promise<void> {
  const [row] = await db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  if (!row) throw new AppError("ERR_NO_QUEUE_FOUND", undefined, "Informe o setor");
}

/** What a key field of the body does: keep the stored key (left out, empty, or its masked form), remove it (null), or set a new one. */
function keyChange(box: SecretBox, value: string | null | undefined): { sealed: string | null; last4: string | null } | "keep" {
  if (value === null) return { sealed: null, last4: null };
  if (value === undefined || keepsStoredKey(value)) return "keep";
  return { sealed: box.seal(value), last4: value.length > 8 ? value.slice(-4) : null };
}

function valuesOf(body: PromptBody) {
  return {
    name: body.name,
    prompt: body.prompt,
    queueId: body.queueId,
    model: body.model,
    baseUrl: body.baseUrl ? body.baseUrl.replace(/\/+$/, "") : null,
    maxTokens: body.maxTokens,
    temperature: body.temperature,
    maxMessages: body.maxMessages,
    voice: body.voice,
    voiceRegion: body.voiceRegion,
  };
}

/**
 * A prompt's fields as its audit entries show them: the keys by their sealed form only, which the log
 * redacts (it shows whether a key was set, changed or removed, never a key).
 */
function auditFields(values: Record<keyof ReturnType<typeof valuesOf>, unknown>, keys: { apiKey: string | null; voiceKey: string | null }): Record<string, unknown> {
  return { ...values, apiKey: keys.apiKey, voiceKey: keys.voiceKey };
}
const PROMPT_SECRET_FIELDS = ["apiKey", "voiceKey"] as const;

/** Refuses a baseUrl the company's outbound policy would refuse (ERR_URL_NOT_ALLOWED). */
async function assertBaseUrl(deps: PromptsDeps, ctx: RequestContext, body: PromptBody): Promise<void> {
  if (!body.baseUrl) return;
  const tenant = deps.egress.tenant(await findCompanyEgressFacts(deps.db, ctx.companyId));
  await assertUrlAllowed(tenant.policy, "baseUrl", body.baseUrl);
}

function publish(deps: PromptsDeps, companyId: number, action: "create" | "update" | "delete", record: { id: number }): void {
  deps.events.publish("record.changed", { companyId, channel: "prompt", action, record });
}

/**
 * The prompt's Setor is the queue it answers in: saving it makes it that queue's bot (what the queue's own
 * "Prompt" field shows), and a queue it leaves stops using it. A queue another prompt answers in is taken over.
 */
async function answerInQueue(db: Db, companyId: number, promptId: number, previousQueueId: number | null, queueId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (previousQueueId !== null && previousQueueId !== queueId) {
      await tx.update(queues).set({ promptId: null }).where(and(eq(queues.companyId, companyId), eq(queues.id, previousQueueId), eq(queues.promptId, promptId)));
    }
    await tx.update(queues).set({ promptId }).where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  });
}

/** Creates a prompt; its keys are sealed. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND, ERR_URL_NOT_ALLOWED. */
export async function createPrompt(deps: PromptsDeps, ctx: RequestContext, body: PromptBody): Promise<Prompt> {
  assertCanManage(ctx);
  await assertQueue(deps.db, ctx.companyId, body.queueId);
  await assertBaseUrl(deps, ctx, body);
  const apiKey = keyChange(deps.box, body.apiKey);
  const voiceKey = keyChange(deps.box, body.voiceKey);
  const values = valuesOf(body);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(prompts)
      .values({
        companyId: ctx.companyId,
        ...values,
        ...(apiKey === "keep" ? {} : { apiKeySealed: apiKey.sealed, apiKeyLast4: apiKey.last4 }),
        ...(voiceKey === "keep" ? {} : { voiceKeySealed: voiceKey.sealed, voiceKeyLast4: voiceKey.last4 }),
      })
      .returning({ id: prompts.id, apiKeySealed: prompts.apiKeySealed, voiceKeySealed: prompts.voiceKeySealed });
    await answerInQueue(tx, ctx.companyId, row!.id, null, body.queueId);
    const after = auditFields(values, { apiKey: row!.apiKeySealed, voiceKey: row!.voiceKeySealed });
    await recordAudit(tx, ctx, { action: "prompt.create", target: { type: "prompt", id: row!.id }, after, secretFields: PROMPT_SECRET_FIELDS });
    return row!.id;
  });
  const prompt = await findPrompt(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "create", prompt!);
  return prompt!;
}

/**
 * Changes a prompt; keys left out, empty or masked are kept while their calls keep their address. Throws
 * ERR_NO_PERMISSION, ERR_NO_PROMPT_FOUND, ERR_NO_QUEUE_FOUND, ERR_URL_NOT_ALLOWED, ERR_PROMPT_KEY_REQUIRED.
 */
export async function updatePrompt(deps: PromptsDeps, ctx: RequestContext, id: number, body: PromptBody): Promise<Prompt> {
  assertCanManage(ctx);
  await assertQueue(deps.db, ctx.companyId, body.queueId);
  await assertBaseUrl(deps, ctx, body);
  await assertKeysStayWithTheirOrigin(deps.db, ctx.companyId, id, body, deps.installation);
  const apiKey = keyChange(deps.box, body.apiKey);
  const voiceKey = keyChange(deps.box, body.voiceKey);
  const values = valuesOf(body);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(prompts).where(and(eq(prompts.companyId, ctx.companyId), eq(prompts.id, id)));
    const [row] = await tx
      .update(prompts)
      .set({
        ...values,
        ...(apiKey === "keep" ? {} : { apiKeySealed: apiKey.sealed, apiKeyLast4: apiKey.last4 }),
        ...(voiceKey === "keep" ? {} : { voiceKeySealed: voiceKey.sealed, voiceKeyLast4: voiceKey.last4 }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(prompts.companyId, ctx.companyId), eq(prompts.id, id)))
      .returning({ id: prompts.id, apiKeySealed: prompts.apiKeySealed, voiceKeySealed: prompts.voiceKeySealed });
    if (!row || !before) throw notFound();
    await answerInQueue(tx, ctx.companyId, id, before.queueId, body.queueId);
    await recordAudit(tx, ctx, {
      action: "prompt.update",
      target: { type: "prompt", id },
      before: auditFields(
        { name: before.name, prompt: before.prompt, queueId: before.queueId, model: before.model, baseUrl: before.baseUrl, maxTokens: before.maxTokens, temperature: before.temperature, maxMessages: before.maxMessages, voice: before.voice, voiceRegion: before.voiceRegion },
        { apiKey: before.apiKeySealed, voiceKey: before.voiceKeySealed },
      ),
      after: auditFields(values, { apiKey: row.apiKeySealed, voiceKey: row.voiceKeySealed }),
      secretFields: PROMPT_SECRET_FIELDS,
    });
  });
  const prompt = await findPrompt(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "update", prompt!);
  return prompt!;
}

/**
 * Deletes a prompt; queues and connections that used it keep going without one (tickets it was
 * answering go to people at their next message). Throws ERR_NO_PERMISSION, ERR_NO_PROMPT_FOUND.
 */
export async function deletePrompt(deps: PromptsDeps, ctx: RequestContext, id: number): Promise<void> {
  assertCanManage(ctx);
  const { companyId } = ctx;
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.id, id))).returning({ id: prompts.id, name: prompts.name });
    if (!row) return false;
    await recordAudit(tx, ctx, { action: "prompt.delete", target: { type: "prompt", id }, before: { name: row.name } });
    await tx.update(queues).set({ promptId: null }).where(and(eq(queues.companyId, companyId), eq(queues.promptId, id)));
    await tx.update(connections).set({ promptId: null }).where(and(eq(connections.companyId, companyId), eq(connections.promptId, id)));
    return true;
  });
  if (!deleted) throw notFound();
  publish(deps, companyId, "delete", { id });
}

/**
 * Tries a saved prompt: the message is answered by its model server exactly as the engine asks it (the prompt as
 * the system message, its model, token limit and temperature, its own address and key under the company's
 * outbound policy, or the installation's). Answers the reply, or only why there is none (never connection-level
 * detail). Throws ERR_NO_PERMISSION, ERR_NO_PROMPT_FOUND.
 */
export async function testPrompt(deps: PromptTestDeps, ctx: RequestContext, id: number, body: PromptTestBody): Promise<PromptTestResponse> {
  assertCanManage(ctx);
  const [row] = await deps.db.select().from(prompts).where(and(eq(prompts.companyId, ctx.companyId), eq(prompts.id, id)));
  if (!row) throw notFound();
  const egress = row.baseUrl ? deps.egress.tenant(await findCompanyEgressFacts(deps.db, ctx.companyId)) : deps.egress.installation;
  const target = {
    baseUrl: (row.baseUrl || deps.openAiBaseUrl).replace(/\/+$/, ""),
    apiKey: row.apiKeySealed ? deps.box.open(row.apiKeySealed) : undefined,
    timeoutMs: deps.timeoutMs,
    egress,
  };
  try {
    const answer = await chatCompletion(target, {
      model: row.model,
      maxTokens: row.maxTokens,
      temperature: row.temperature,
      messages: [
        { role: "system", content: row.prompt },
        { role: "user", content: body.message },
      ],
    });
    return { answer, error: null };
  } catch (error) {
    if (error instanceof BotFailure) return { answer: null, error: error.outcome };
    throw error;
  }
}
