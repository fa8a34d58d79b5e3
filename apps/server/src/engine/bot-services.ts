import { readFile } from "node:fs/promises";
import { and, desc, eq } from "drizzle-orm";
import { HANDOVER_PHRASE } from "@conversa/shared";
import { z } from "zod";
import { type BotReply, type IntegrationTurn, callWebhook, dialogflowDetect, parseServiceAccount, typebotContinue, typebotStart } from "../bots/integrations.ts";
import { type ChatMessage, type ModelTarget, chatCompletion, transcribe } from "../bots/openai.ts";
import { BotFailure, botFetch } from "../bots/runtime.ts";
import { synthesize } from "../bots/speech.ts";
import { contacts, distributionLogs, messages, prompts, queueIntegrations, tickets } from "../db/schema/index.ts";
import type { TenantEgress } from "../lib/egress.ts";
import { MEDIA_LIMITS, type StoredMedia } from "../media/media-store.ts";
import { companyPlanAllows, findCompanyEgressFacts } from "../modules/companies/index.ts";
import { loadTicket } from "../modules/tickets/index.ts";
import { type EngineDeps, nowOf } from "./deps.ts";
import { queueOutboundMessage } from "./outbound.ts";
import { distributeTicket, scheduleSlaCheck } from "./distribution.ts";

/** Which bot service answers a ticket in the bot phase, kept in its bot state. */
export const ZBotService = z.object({
  kind: z.enum(["prompt", "integration"]),
  id: z.number().int().positive(),
  /** Typebot's chat session and when it last spoke (for the expiry). */
  sessionId: z.string().optional(),
  lastAt: z.string().optional(),
});
export type BotService = z.infer<typeof ZBotService>;

/** The customer message a bot service answers. */
export interface BotInbound {
  messageId: number;
  body: string;
  kind: string;
  media?: StoredMedia;
}

interface ServiceTicket {
  id: number;
  companyId: number;
  queueId: number | null;
  contactId: number;
}

/** What the customer is told when a bot cannot go on and a person will answer. */
export const HANDOVER_NOTICE = "Um momento, vou transferir você para um de nossos atendentes.";

/** The bot service of a queue or connection: a prompt first, else an integration. */
export function serviceOf(target: { promptId: number | null; integrationId: number | null }): BotService | undefined {
  if (target.promptId !== null) return { kind: "prompt", id: target.promptId };
  if (target.integrationId !== null) return { kind: "integration", id: target.integrationId };
  return undefined;
}

const say = (deps: EngineDeps, ticket: ServiceTicket, body: string) =>
  body.trim() ? queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body: body.trim(), userId: null }) : Promise.resolve();

async function saveState(deps: EngineDeps, ticket: ServiceTicket, service: BotService): Promise<void> {
  const [row] = await deps.db.select({ botState: tickets.botState }).from(tickets).where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id)));
  const current = (row?.botState && typeof row.botState === "object" ? row.botState : {}) as Record<string, unknown>;
  await deps.db
    .update(tickets)
    .set({ botState: { ...current, service }, chatbot: true, updatedAt: nowOf(deps) })
    .where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id)));
}

/**
 * Ends the bot phase: the ticket waits for a person (in `queueId` when given), with the two-line summary
 * for the attendant, and the reason in the distribution log.
 */
export async function handOverToPeople(
  deps: EngineDeps,
  ticket: ServiceTicket,
  input: { reason: string; summary: string; queueId?: number | null; notice?: string },
): Promise<void> {
  if (input.notice) await say(deps, ticket, input.notice);
  const queueId = input.queueId ?? ticket.queueId;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(tickets)
      .set({ chatbot: false, botState: null, queueId, botSummary: input.summary.slice(0, 600), updatedAt: nowOf(deps) })
      .where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id)));
    await tx.insert(distributionLogs).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      fromQueueId: ticket.queueId,
      toQueueId: queueId,
      strategy: "bot-handover",
      message: input.reason.slice(0, 500),
    });
  });
  deps.log.info({ companyId: ticket.companyId, ticketId: ticket.id, reason: input.reason }, "bot handed the ticket over to people");
  const dto = await loadTicket(deps.db, ticket.companyId, ticket.id);
  if (dto) deps.events.publish("ticket.updated", { companyId: ticket.companyId, ticket: dto, previousAccess: { queueId: ticket.queueId, userId: dto.userId } });
  if (queueId === null) return;
  // People take over as after the menus: the queue's store rules pick who (spec engine §4).
  const routed = await distributeTicket(deps, { companyId: ticket.companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queueId });
  await scheduleSlaCheck(deps, ticket.companyId, ticket.id, routed.queueId);
}

/** The ticket's last `limit` messages with text, oldest first. */
async function historyOf(deps: EngineDeps, ticket: ServiceTicket, limit: number): Promise<{ id: number; body: string; fromMe: boolean }[]> {
  const rows = await deps.db
    .select({ id: messages.id, body: messages.body, fromMe: messages.fromMe })
    .from(messages)
    .where(and(eq(messages.companyId, ticket.companyId), eq(messages.ticketId, ticket.id), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

const shorten = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Two lines without a model: what the customer said last, and why people take over. */
export function plainSummary(history: { body: string; fromMe: boolean }[], why: string): string {
  const said = history.filter((m) => !m.fromMe && m.body.trim()).slice(-3).map((m) => m.body);
  return `Cliente: ${shorten(said.join(" / ") || "(sem texto)", 160)}\n${shorten(why, 160)}`;
}

const SUMMARY_INSTRUCTION =
  "Resuma a conversa a seguir em exatamente duas linhas curtas, em português: na primeira, o que o cliente quer; na segunda, o que já foi respondido ou falta resolver. Responda só as duas linhas.";

async function modelSummary(target: ModelTarget, model: string, history: { body: string; fromMe: boolean }[]): Promise<string | undefined> {
  const transcript = history.map((m) => `${m.fromMe ? "Atendimento" : "Cliente"}: ${m.body}`).join("\n");
  try {
    const text = await chatCompletion(target, { model, maxTokens: 150, temperature: 0.2, messages: [{ role: "system", content: SUMMARY_INSTRUCTION }, { role: "user", content: transcript }] });
    const lines = text.split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 2);
    return lines.length ? lines.map((l) => shorten(l, 200)).join("\n") : undefined;
  } catch {
    return undefined;
  }
}

async function readMedia(deps: EngineDeps, companyId: number, media: StoredMedia): Promise<Buffer> {
  const found = await deps.media.resolve(companyId, media.fileName);
  if (!found) throw new BotFailure("audio file not found");
  return readFile(found.path);
}

type PromptRow = typeof prompts.$inferSelect;

/** The outbound policy of a company's own URLs (see lib/egress.ts). */
async function tenantEgressOf(deps: EngineDeps, companyId: number): Promise<TenantEgress> {
  return deps.bots.egress.tenant(await findCompanyEgressFacts(deps.db, companyId));
}

/** The prompt's model server: its own baseUrl under the company's policy, else the installation's OPENAI_BASE_URL. */
function targetOf(deps: EngineDeps, prompt: PromptRow, tenant: TenantEgress): ModelTarget {
  const apiKey = prompt.apiKeySealed ? deps.bots.box.open(prompt.apiKeySealed) : undefined;
  const egress = prompt.baseUrl ? tenant : deps.bots.egress.installation;
  return { baseUrl: (prompt.baseUrl || deps.bots.openAiBaseUrl).replace(/\/+$/, ""), apiKey, timeoutMs: deps.bots.timeoutMs, egress };
}

/** Sends the model's reply: a voice note when the prompt has a voice (text if synthesis fails). */
async function sendPromptReply(deps: EngineDeps, ticket: ServiceTicket, prompt: PromptRow, text: string, tenant: TenantEgress): Promise<void> {
  const voiceKey = prompt.voiceKeySealed ? deps.bots.box.open(prompt.voiceKeySealed) : undefined;
  if (prompt.voice !== "texto" && voiceKey && (prompt.voiceRegion || deps.bots.speechBaseUrl)) {
    try {
      // SPEECH_BASE_URL is the provider's; without it the host comes from the prompt's region, the company's.
      const egress = deps.bots.speechBaseUrl ? deps.bots.egress.installation : tenant;
      const audio = await synthesize(egress, { baseUrl: deps.bots.speechBaseUrl, region: prompt.voiceRegion, key: voiceKey, voice: prompt.voice, text, timeoutMs: deps.bots.timeoutMs });
      const media = await deps.media.save(ticket.companyId, audio, "resposta.ogg", "audio/ogg");
      await queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body: "", media, asVoice: true, userId: null });
      return;
    } catch (error) {
      deps.log.warn({ companyId: ticket.companyId, ticketId: ticket.id, reason: error instanceof Error ? error.message : "error" }, "speech synthesis failed; the reply goes as text");
    }
  }
  await say(deps, ticket, text);
}

/** One customer message answered by an AI prompt (spec engine §7). */
async function runPromptTurn(deps: EngineDeps, ticket: ServiceTicket, service: BotService, inbound: BotInbound): Promise<void> {
  const [prompt] = await deps.db.select().from(prompts).where(and(eq(prompts.companyId, ticket.companyId), eq(prompts.id, service.id)));
  const handoverQueue = prompt?.queueId ?? ticket.queueId;
  if (!prompt) {
    const history = await historyOf(deps, ticket, 10);
    return handOverToPeople(deps, ticket, { reason: "prompt: no longer exists", summary: plainSummary(history, "Transferido: o prompt de IA não existe mais."), notice: HANDOVER_NOTICE });
  }
  const tenant = await tenantEgressOf(deps, ticket.companyId);
  const target = targetOf(deps, prompt, tenant);
  let current = inbound.body;
  let history = await historyOf(deps, ticket, prompt.maxMessages);
  try {
    if (!(await companyPlanAllows(deps.db, ticket.companyId, "useOpenAi"))) throw new BotFailure("the plan does not include AI prompts");
    if (inbound.kind === "audio" && inbound.media) {
      const content = await readMedia(deps, ticket.companyId, inbound.media);
      current = await transcribe(target, { content, fileName: inbound.media.fileName, mime: inbound.media.mime });
      history = history.map((m) => (m.id === inbound.messageId ? { ...m, body: current } : m));
    }
    const chat: ChatMessage[] = [
      { role: "system", content: prompt.prompt },
      ...history.filter((m) => m.body.trim()).map((m): ChatMessage => ({ role: m.fromMe ? "assistant" : "user", content: m.body })),
    ];
    const reply = await chatCompletion(target, { model: prompt.model, messages: chat, maxTokens: prompt.maxTokens, temperature: prompt.temperature });
    if (reply.includes(HANDOVER_PHRASE)) {
      const rest = reply.split(HANDOVER_PHRASE).join("").trim();
      await say(deps, ticket, rest || HANDOVER_NOTICE);
      const full = [...history, { id: 0, body: rest, fromMe: true }].filter((m) => m.body.trim());
      const summary = (await modelSummary(target, prompt.model, full)) ?? plainSummary(full, "Transferido: o cliente pediu um atendente.");
      return handOverToPeople(deps, ticket, { reason: "prompt: the model handed over", summary, queueId: handoverQueue });
    }
    await sendPromptReply(deps, ticket, prompt, reply, tenant);
  } catch (error) {
    if (!(error instanceof BotFailure)) throw error;
    deps.log.warn({ companyId: ticket.companyId, ticketId: ticket.id, promptId: prompt.id, reason: error.message }, "AI prompt failed");
    return handOverToPeople(deps, ticket, {
      reason: `prompt: ${error.message}`,
      summary: plainSummary(history, `Transferido: a IA não respondeu (${error.message}).`),
      queueId: handoverQueue,
      notice: HANDOVER_NOTICE,
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most `limitMs`) until a queued message left, so that the next one cannot overtake it. */
async function untilSent(deps: EngineDeps, companyId: number, messageId: number, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const [row] = await deps.db.select({ sendStatus: messages.sendStatus }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
    if (!row || row.sendStatus !== "pending") return;
    await sleep(100);
  }
}

/**
 * Sends an integration's replies in order: each after the one before left, then `delayMs` (Typebot's
 * delay between bubbles). An image is fetched under the company's outbound policy, up to the media limit
 * of images; one that cannot be fetched (or is refused) goes as its link.
 */
async function sendReplies(deps: EngineDeps, ticket: ServiceTicket, replies: BotReply[], delayMs: number, tenant: TenantEgress): Promise<void> {
  let previous: number | undefined;
  for (const reply of replies) {
    if (previous !== undefined) {
      await untilSent(deps, ticket.companyId, previous, 10_000);
      if (delayMs > 0) await sleep(Math.min(delayMs, 5000));
    }
    if (reply.kind === "text") {
      if (!reply.text.trim()) continue;
      previous = (await queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body: reply.text.trim(), userId: null }))?.id;
      continue;
    }
    try {
      const { bytes } = await botFetch(tenant, reply.url, { method: "GET", timeoutMs: deps.bots.timeoutMs, maxBytes: MEDIA_LIMITS.image });
      const media = await deps.media.save(ticket.companyId, bytes, new URL(reply.url).pathname.split("/").pop() || "imagem", undefined);
      previous = (await queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body: "", media, userId: null }))?.id;
    } catch {
      previous = (await queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body: reply.url, userId: null }))?.id;
    }
  }
}

type IntegrationRow = typeof queueIntegrations.$inferSelect;

/** One exchange with an integration; `service` carries Typebot's session and is updated in place. */
export async function integrationExchange(
  deps: EngineDeps,
  integration: IntegrationRow,
  input: { text: string; sessionKey: string; service?: BotService; event?: Parameters<typeof callWebhook>[0]["event"] },
): Promise<IntegrationTurn & { unknown?: boolean; restarted?: boolean }> {
  const timeoutMs = deps.bots.timeoutMs;
  const now = nowOf(deps);
  const tenant = await tenantEgressOf(deps, integration.companyId);
  switch (integration.type) {
    case "webhook":
    case "n8n": {
      const secret = integration.secretSealed ? deps.bots.box.open(integration.secretSealed) : undefined;
      if (!secret) throw new BotFailure("the signing secret cannot be read (DATA_ENCRYPTION_KEY changed?)");
      if (!input.event) throw new BotFailure("no message event");
      return callWebhook({ egress: tenant, url: integration.urlN8N, secret, event: input.event, timeoutMs, now });
    }
    case "dialogflow": {
      const json = integration.jsonContentSealed ? deps.bots.box.open(integration.jsonContentSealed) : undefined;
      const account = json ? parseServiceAccount(json) : undefined;
      if (!account) throw new BotFailure("the service-account credentials cannot be read");
      return dialogflowDetect({
        egress: deps.bots.egress.installation,
        apiUrl: deps.bots.dialogflowApiUrl,
        tokenUrl: deps.bots.dialogflowTokenUrl,
        account,
        projectName: integration.projectName,
        language: integration.language,
        sessionId: input.sessionKey,
        text: input.text,
        timeoutMs,
        now,
      });
    }
    case "typebot": {
      const settings = { egress: tenant, url: integration.urlN8N, slug: integration.typebotSlug, timeoutMs };
      const text = input.text.trim();
      const service = input.service;
      const keyword = (k: string) => k.trim() !== "" && text.toLowerCase() === k.trim().toLowerCase();
      if (keyword(integration.typebotKeywordFinish)) return { replies: [], handover: true, session: null };
      const restart = keyword(integration.typebotKeywordRestart);
      const expired =
        service?.lastAt !== undefined && integration.typebotExpires > 0 && now.getTime() - new Date(service.lastAt).getTime() > integration.typebotExpires * 60_000;
      if (!service?.sessionId || restart || expired) {
        const started = await typebotStart(settings, service?.sessionId && !restart ? text : undefined);
        const replies: BotReply[] = restart && integration.typebotRestartMessage.trim() ? [{ kind: "text", text: integration.typebotRestartMessage }, ...started.replies] : started.replies;
        return { ...started, replies, restarted: restart };
      }
      const turn = await typebotContinue(settings, service.sessionId, text);
      if (!turn.understood && integration.typebotUnknownMessage.trim()) return { ...turn, replies: [{ kind: "text", text: integration.typebotUnknownMessage }], unknown: true };
      return turn;
    }
    default:
      throw new BotFailure(`unknown integration type ${integration.type}`);
  }
}

/** One customer message answered by a queue integration (spec engine §7). */
async function runIntegrationTurn(deps: EngineDeps, ticket: ServiceTicket, service: BotService, inbound: BotInbound): Promise<void> {
  const [integration] = await deps.db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, ticket.companyId), eq(queueIntegrations.id, service.id)));
  const history = await historyOf(deps, ticket, 10);
  if (!integration) {
    return handOverToPeople(deps, ticket, { reason: "integration: no longer exists", summary: plainSummary(history, "Transferido: a integração não existe mais."), notice: HANDOVER_NOTICE });
  }
  try {
    if (!(await companyPlanAllows(deps.db, ticket.companyId, "useIntegrations"))) throw new BotFailure("the plan does not include integrations");
    const [contact] = await deps.db.select({ id: contacts.id, name: contacts.name, number: contacts.number }).from(contacts).where(eq(contacts.id, ticket.contactId));
    const event = {
      event: "message" as const,
      companyId: ticket.companyId,
      ticketId: ticket.id,
      queueId: ticket.queueId,
      contact: contact ?? { id: ticket.contactId, name: "", number: "" },
      message: { id: inbound.messageId, body: inbound.body, mediaType: inbound.kind, fromMe: false as const, timestamp: nowOf(deps).toISOString() },
    };
    const turn = await integrationExchange(deps, integration, { text: inbound.body, sessionKey: `ticket-${ticket.id}`, service, event });
    await sendReplies(deps, ticket, turn.replies, integration.type === "typebot" ? integration.typebotDelayMessage : 0, await tenantEgressOf(deps, ticket.companyId));
    if (turn.handover) {
      return handOverToPeople(deps, ticket, {
        reason: `integration ${integration.type}: ended the conversation`,
        summary: plainSummary([...history, ...turn.replies.flatMap((r) => (r.kind === "text" ? [{ body: r.text, fromMe: true }] : []))], `Transferido pela integração ${integration.name}.`),
      });
    }
    if (integration.type === "typebot") {
      await saveState(deps, ticket, { ...service, sessionId: turn.session?.sessionId ?? service.sessionId, lastAt: nowOf(deps).toISOString() });
    }
  } catch (error) {
    if (!(error instanceof BotFailure)) throw error;
    deps.log.warn({ companyId: ticket.companyId, ticketId: ticket.id, integrationId: integration.id, reason: error.message }, "integration failed");
    return handOverToPeople(deps, ticket, {
      reason: `integration ${integration.type}: ${error.message}`,
      summary: plainSummary(history, `Transferido: a integração ${integration.name} falhou (${error.message}).`),
      notice: HANDOVER_NOTICE,
    });
  }
}

/**
 * A customer message while a bot service holds the ticket: the service answers, or hands over. Remote
 * calls happen outside any transaction, each bounded by BOT_TIMEOUT_MS; the replies go through the
 * durable send jobs. Any unexpected error also hands over, so that no ticket stays in the bot phase.
 */
export async function runBotService(deps: EngineDeps, ticket: ServiceTicket, service: BotService, inbound: BotInbound): Promise<void> {
  await saveState(deps, ticket, service);
  try {
    if (service.kind === "prompt") await runPromptTurn(deps, ticket, service, inbound);
    else await runIntegrationTurn(deps, ticket, service, inbound);
  } catch (error) {
    deps.log.error({ err: error, companyId: ticket.companyId, ticketId: ticket.id }, "bot service crashed; handing over");
    const history = await historyOf(deps, ticket, 10);
    await handOverToPeople(deps, ticket, { reason: `${service.kind}: internal error`, summary: plainSummary(history, "Transferido: erro interno do robô."), notice: HANDOVER_NOTICE });
  }
}
