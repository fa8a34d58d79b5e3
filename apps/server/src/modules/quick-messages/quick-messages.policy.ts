import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

interface QuickMessageFacts {
  geral: boolean;
  userId: number | null;
}

/**
 * A shared (geral) reply is the whole company's; a personal one is its owner's alone — not even an
 * admin sees it.
 */
export function canSeeQuickMessage(ctx: RequestContext, quick: QuickMessageFacts): boolean {
  return quick.geral || quick.userId === ctx.userId;
}

/** The owner edits and deletes their replies; "quick-messages:editShared" (admins) also the shared ones. */
export function canEditQuickMessage(ctx: RequestContext, quick: QuickMessageFacts): boolean {
  if (quick.userId === ctx.userId) return true;
  return quick.geral && can({ profile: ctx.profile, isSuper: ctx.isSuper }, "quick-messages:editShared");
}

/** Only the owner turns a reply shared or personal: an admin cannot make someone else's reply private to them. */
export function canChangeSharing(ctx: RequestContext, quick: QuickMessageFacts, geral: boolean): boolean {
  return geral === quick.geral || quick.userId === ctx.userId;
}
