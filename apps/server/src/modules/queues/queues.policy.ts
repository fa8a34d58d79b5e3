import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

/** Reading a queue's full configuration and every change to queues and their option trees. */
export function canEditQueues(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "queues-page:edit");
}

/** Whether one more queue fits in the plan (`limit` null: the company has no plan to limit it). */
export function fitsQueueLimit(current: number, limit: number | null): boolean {
  return limit === null || current < limit;
}
