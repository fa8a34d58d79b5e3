import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { queueIntegrations, tickets } from "../db/schema/index.ts";
import { loadTicket } from "../modules/tickets/index.ts";
import { optionsMenuText, parseBotInput, queueMenuText } from "./bot-menu.ts";
import { type ConnectionRow, isEnabled, keywordQueuesOf, optionById, optionsUnder, queueOf, queuesOfConnection } from "./context.ts";
import { type BotInbound, type BotService, ZBotService, runBotService, serviceOf } from "./bot-services.ts";
import { type EngineDeps, nowOf } from "./deps.ts";
import { queueOutboundMessage } from "./outbound.ts";
import { distributeQueuelessTicket, distributeTicket, scheduleSlaCheck } from "./distribution.ts";
import { matchesKeywords } from "./distribution-strategy.ts";

/** Where a ticket stands in the bot conversation, kept on the ticket. */
export const ZBotState = z.object({
  /** How many times the queue menu was sent. */
  menuCount: z.number().int().min(0).default(0),
  startedAt: z.string().optional(),
  /** In a queue's option tree: the option whose children were last offered (null = roots). */
  optionParentId: z.number().int().nullable().optional(),
  inOptions: z.boolean().default(false),
  /** An AI prompt or an integration answers the customer (spec engine §7). */
  service: ZBotService.optional(),
});
export type BotState = z.infer<typeof ZBotState>;

interface BotTicket {
  id: number;
  companyId: number;
  contactId: number;
  queueId: number | null;
  botState: unknown;
  chatbot: boolean;
}

async function saveBot(deps: EngineDeps, ticket: BotTicket, patch: { queueId?: number | null; chatbot: boolean; botState: BotState | null }) {
  await deps.db
    .update(tickets)
    .set({ ...patch, updatedAt: nowOf(deps) })
    .where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id)));
  const dto = await loadTicket(deps.db, ticket.companyId, ticket.id);
  if (dto) deps.events.publish("ticket.updated", { companyId: ticket.companyId, ticket: dto, previousAccess: { queueId: ticket.queueId, userId: dto.userId } });
}

async function integrationTypeOf(deps: EngineDeps, companyId: number, id: number): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ type: queueIntegrations.type })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
  return row?.type;
}

function say(deps: EngineDeps, ticket: BotTicket, body: string) {
  if (!body.trim()) return Promise.resolve();
  return queueOutboundMessage(deps, { companyId: ticket.companyId, ticketId: ticket.id, body, userId: null });
}

/** Sends a queue's option menu at a level; answers false when that level has no options. */
async function offerOptions(deps: EngineDeps, ticket: BotTicket, queueId: number, parentId: number | null, intro: string, state: BotState): Promise<boolean> {
  const options = await optionsUnder(deps.db, ticket.companyId, queueId, parentId);
  if (options.length === 0) return false;
  await say(deps, ticket, optionsMenuText(intro, options, parentId !== null));
  await saveBot(deps, ticket, { queueId, chatbot: true, botState: { ...state, inOptions: true, optionParentId: parentId } });
  return true;
}

/** A queue was chosen (or is the only one): greet, route, and offer its option tree when it has one. */
async function enterQueue(deps: EngineDeps, ticket: BotTicket, queueId: number, state: BotState, greet: boolean, inbound: BotInbound): Promise<void> {
  const queue = await queueOf(deps.db, ticket.companyId, queueId);
  if (!queue) return;
  const intro = greet ? queue.greetingMessage : "";
  const service = serviceOf(queue);
  if (service) {
    // The queue's AI prompt or integration answers from here on: after the greeting, or at once without one.
    // Distribution runs when it hands the ticket over to people.
    if (intro) await say(deps, ticket, intro);
    await saveBot(deps, ticket, { queueId, chatbot: true, botState: { ...state, inOptions: false, optionParentId: null, service } });
    const isTypebot = service.kind === "integration" && (await integrationTypeOf(deps, ticket.companyId, service.id)) === "typebot";
    if (!intro || isTypebot) await runBotService(deps, { ...ticket, queueId }, service, inbound);
    return;
  }
  if (await offerOptions(deps, ticket, queueId, null, intro, state)) return;
  if (intro) await say(deps, ticket, intro);
  await waitForPerson(deps, ticket, queueId);
}

/** The bot is done: the ticket waits for a person in its queue, routed by the store's distribution rules (spec engine §4). */
async function waitForPerson(deps: EngineDeps, ticket: BotTicket, queueId: number): Promise<void> {
  const routed = await distributeTicket(deps, { companyId: ticket.companyId, ticketId: ticket.id, fromQueueId: ticket.queueId === queueId ? null : ticket.queueId, toQueueId: queueId });
  await saveBot(deps, ticket, { chatbot: false, botState: null });
  await scheduleSlaCheck(deps, ticket.companyId, ticket.id, routed.queueId);
}

/**
 * The rules of the stores of the connection's queues route a ticket with no queue (spec engine §4):
 * a matching rule sends it to its target queue (with that queue's greeting) and reserves its
 * candidate, skipping the menu. Answers false when no rule decides.
 */
async function routeByStoreRules(deps: EngineDeps, ticket: BotTicket, queues: readonly { id: number }[]): Promise<boolean> {
  const routed = await distributeQueuelessTicket(deps, { companyId: ticket.companyId, ticketId: ticket.id, connectionQueueIds: queues.map((queue) => queue.id) });
  if (!routed) return false;
  const queue = await queueOf(deps.db, ticket.companyId, routed.queueId);
  if (queue) await say(deps, ticket, queue.greetingMessage);
  await saveBot(deps, ticket, { chatbot: false, botState: null });
  await scheduleSlaCheck(deps, ticket.companyId, ticket.id, routed.queueId);
  return true;
}

/** The first connection queue whose config sends a first message naming one of its keywords straight to it. */
async function queueByKeywords(deps: EngineDeps, companyId: number, queues: readonly { id: number }[], body: string): Promise<number | undefined> {
  if (!body.trim()) return undefined;
  const configs = await keywordQueuesOf(deps.db, companyId, queues.map((queue) => queue.id));
  return queues.find((queue) => {
    const keywords = configs.get(queue.id);
    return keywords !== undefined && matchesKeywords(keywords, body);
  })?.id;
}

async function sendQueueMenu(deps: EngineDeps, ticket: BotTicket, connection: ConnectionRow, queues: { id: number; name: string }[], state: BotState): Promise<void> {
  await say(deps, ticket, queueMenuText(connection.greetingMessage, queues));
  await saveBot(deps, ticket, { queueId: null, chatbot: true, botState: { ...state, inOptions: false, optionParentId: null, menuCount: state.menuCount + 1 } });
}

/**
 * The bot phase for a pending ticket nobody has taken (spec engine §2.8): queue menu, option tree,
 * `#` back to the main menu, `0` up one level, limits by count and time. Answers when the ticket
 * is left waiting for a person.
 */
export async function runBot(deps: EngineDeps, ticket: BotTicket, connection: ConnectionRow, inbound: BotInbound, settingValues: Map<string, string>): Promise<void> {
  const parsedState = ZBotState.safeParse(ticket.botState ?? {});
  const state: BotState = parsedState.success ? parsedState.data : { menuCount: 0, inOptions: false };
  state.startedAt ??= nowOf(deps).toISOString();
  const input = parseBotInput(inbound.body);

  // An AI prompt or integration holds the conversation: of the ticket's queue, or of the connection before any queue.
  if (state.service) return runBotService(deps, ticket, state.service, inbound);
  const connectionService: BotService | undefined = ticket.queueId === null && !state.inOptions && state.menuCount === 0 ? serviceOf({ promptId: connection.promptId, integrationId: null }) : undefined;
  if (connectionService) return runBotService(deps, ticket, connectionService, inbound);

  // Inside a queue's option tree.
  if (ticket.queueId !== null && state.inOptions) {
    if (input.kind === "home") {
      const queues = await queuesOfConnection(deps.db, ticket.companyId, connection.id);
      if (queues.length > 1) return sendQueueMenu(deps, ticket, connection, queues, { ...state, menuCount: 0 });
      await offerOptions(deps, ticket, ticket.queueId, null, "", state);
      return;
    }
    const parentId = state.optionParentId ?? null;
    if (input.kind === "back") {
      const parent = parentId !== null ? await optionById(deps.db, ticket.companyId, parentId) : undefined;
      await offerOptions(deps, ticket, ticket.queueId, parent?.parentId ?? null, "", state);
      return;
    }
    const level = await optionsUnder(deps.db, ticket.companyId, ticket.queueId, parentId);
    const chosen = input.kind === "choice" ? level[input.index - 1] : undefined;
    if (!chosen) {
      await offerOptions(deps, ticket, ticket.queueId, parentId, "", state);
      return;
    }
    if (await offerOptions(deps, ticket, ticket.queueId, chosen.id, chosen.message, state)) return;
    // A leaf: its message, then a person takes over in this queue.
    await say(deps, ticket, chosen.message);
    await waitForPerson(deps, ticket, ticket.queueId);
    return;
  }
  if (ticket.queueId !== null) return;

  const queues = await queuesOfConnection(deps.db, ticket.companyId, connection.id);
  if (queues.length === 0) return;
  if (queues.length === 1) {
    const only = queues[0]!;
    return enterQueue(deps, ticket, only.id, state, isEnabled(settingValues, "sendGreetingMessageOneQueues"), inbound);
  }

  if (input.kind === "choice" && input.index >= 1 && input.index <= queues.length && state.menuCount > 0) {
    return enterQueue(deps, ticket, queues[input.index - 1]!.id, state, true, inbound);
  }
  if (await routeByStoreRules(deps, ticket, queues)) return;
  // A first message naming a queue's keywords skips the menu (queue config enableFallbackToQueueKeywords).
  if (state.menuCount === 0) {
    const byKeywords = await queueByKeywords(deps, ticket.companyId, queues, inbound.body);
    if (byKeywords !== undefined) return enterQueue(deps, ticket, byKeywords, state, true, inbound);
  }
  const minutesInBot = (nowOf(deps).getTime() - new Date(state.startedAt).getTime()) / 60_000;
  const outOfTries = connection.maxUseBotQueues > 0 && state.menuCount >= connection.maxUseBotQueues;
  const outOfTime = connection.timeUseBotQueues > 0 && minutesInBot >= connection.timeUseBotQueues;
  if (outOfTries || outOfTime) {
    if (ticket.chatbot) await saveBot(deps, ticket, { chatbot: false, botState: state });
    return;
  }
  await sendQueueMenu(deps, ticket, connection, queues, input.kind === "home" ? { ...state, menuCount: 0 } : state);
}
