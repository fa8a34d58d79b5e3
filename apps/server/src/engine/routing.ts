import { distributionLogs } from "../db/schema/index.ts";
import type { EngineDeps } from "./deps.ts";

export interface RoutingDecision {
  queueId: number;
  recommendedUserId: number | null;
}

/**
 * The one place a ticket gets its queue. Store distribution rules (spec engine §4) plug in here:
 * today the chosen queue is kept and no user is recommended. Every decision is logged.
 */
export async function routeTicket(
  deps: Pick<EngineDeps, "db">,
  input: { companyId: number; ticketId: number; fromQueueId: number | null; toQueueId: number; strategy?: string; assignedUserId?: number | null },
): Promise<RoutingDecision> {
  const decision: RoutingDecision = { queueId: input.toQueueId, recommendedUserId: input.assignedUserId ?? null };
  await deps.db.insert(distributionLogs).values({
    companyId: input.companyId,
    ticketId: input.ticketId,
    fromQueueId: input.fromQueueId,
    toQueueId: decision.queueId,
    assignedUserId: decision.recommendedUserId,
    strategy: input.strategy ?? "chatbot",
  });
  return decision;
}
