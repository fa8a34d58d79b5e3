import { can } from "@conversa/shared";
import type { RequestContext } from "../lib/context.ts";
import { canSeeAnnouncement } from "../modules/announcements/index.ts";
import { canSeeQuickMessage } from "../modules/quick-messages/index.ts";
import { type TicketAccessFacts, canAccessTicket } from "../modules/tickets/index.ts";

/** A record that names a stored media file, with what decides who may read it. */
export type MediaReference =
  | { kind: "message"; queueId: number | null; userId: number | null }
  | { kind: "schedule"; userId: number | null }
  | { kind: "quickMessage"; userId: number | null; geral: boolean }
  | { kind: "queue" }
  | { kind: "campaign" }
  | { kind: "announcement"; status: boolean };

/**
 * Whether the actor may read a file through this record: a message's through its ticket
 * (`canAccessTicket`), a schedule's by its owner and admins, a quick reply's as the reply itself, a
 * queue's, queue option's or file list's by the company's staff, a campaign's by those who manage campaigns, an announcement's (in the installation's folder,
 * never a company's) as the announcement itself. `facts` is needed only for messages.
 */
export function canReadMediaVia(ctx: RequestContext, reference: MediaReference, facts: TicketAccessFacts | undefined): boolean {
  switch (reference.kind) {
    case "message":
      return facts !== undefined && canAccessTicket(ctx, reference, facts);
    case "schedule":
      return ctx.profile === "admin" || reference.userId === ctx.userId;
    case "quickMessage":
      return canSeeQuickMessage(ctx, reference);
    case "queue":
      return true;
    case "campaign":
      return can(ctx, "campaigns:manage");
    case "announcement":
      return canSeeAnnouncement(ctx, reference);
  }
}
