import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

const actor = (ctx: RequestContext) => ({ profile: ctx.profile, isSuper: ctx.isSuper });

export function canAddConnection(ctx: RequestContext): boolean {
  return can(actor(ctx), "connections-page:addConnection");
}

export function canEditOrDeleteConnection(ctx: RequestContext): boolean {
  return can(actor(ctx), "connections-page:editOrDeleteConnection");
}

/** Start/retry, new QR code and disconnect. */
export function canUseSessionActions(ctx: RequestContext): boolean {
  return can(actor(ctx), "connections-page:actionButtons");
}

/** The external-API token of a connection is shown to those who may edit it. */
export function canSeeConnectionToken(ctx: RequestContext): boolean {
  return canEditOrDeleteConnection(ctx);
}

/** The pairing QR code is for those who pair connections (the session actions); others see the status only. */
export function canSeePairingCode(ctx: RequestContext): boolean {
  return canUseSessionActions(ctx);
}

/** A connection linked to more than one queue must greet the customer with the queue menu. */
export function needsGreeting(queueCount: number, greetingMessage: string): boolean {
  return queueCount > 1 && greetingMessage.trim() === "";
}

/** Whether one more connection fits in the plan (`limit` null: the company has no plan to limit it). */
export function fitsConnectionLimit(current: number, limit: number | null): boolean {
  return limit === null || current < limit;
}
