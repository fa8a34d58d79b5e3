import { z } from "zod";

/**
 * `supervisor` sees tickets as a `user` does (one visibility rule) and may also configure distribution
 * (stores, rules, queue configs) and the kanban flag of tags (spec admin §1, §5, §6); everything else
 * an admin does stays an admin's.
 */
export const PROFILES = ["admin", "supervisor", "user"] as const;
export const ZProfile = z.enum(PROFILES);
export type Profile = z.infer<typeof ZProfile>;

/** Named permissions of spec core §6, each granted to the profiles listed. */
export const PERMISSIONS = {
  "dashboard:view": ["admin"],
  "tickets-manager:showall": ["admin"],
  "ticket-options:deleteTicket": ["admin"],
  "connections-page:addConnection": ["admin"],
  "connections-page:actionButtons": ["admin"],
  "connections-page:editOrDeleteConnection": ["admin"],
  "user-modal:editProfile": ["admin"],
  "user-modal:editQueues": ["admin"],
  "contacts-page:deleteContact": ["admin"],
  "settings:edit": ["admin"],
  "admin-menu:view": ["admin"],
  "tickets:spy": ["admin"],
  /** Mark a tag as a kanban lane, or unmark it (spec admin §5, §6). */
  "tags:kanban": ["admin", "supervisor"],
  /** Create, rename, recolour and delete the company's tags; every user lists them and applies them to tickets she may open. */
  "tags:manage": ["admin"],
  /** Edit or delete a shared (geral) quick reply created by someone else. */
  "quick-messages:editShared": ["admin"],
  "queues-page:edit": ["admin"],
  /** Stores, distribution rules (preview, round-robin reset), queue distribution configs, queue metrics and the distribution logs. */
  "distribution:manage": ["admin", "supervisor"],
  /** The Users page: list, add, edit any user of the company, delete. */
  "users-page:manage": ["admin"],
  /** Write to the customer on an open ticket another attendant holds. */
  "tickets:writeHeld": ["admin"],
  /** AI prompts and queue integrations: list, create, edit, delete, test. */
  "bots:manage": ["admin"],
  /** Campaigns, their contact lists, settings and per-connection pacing (spec admin §1: admins configure campaigns). */
  "campaigns:manage": ["admin"],
  /** Create, change and delete the company's file lists (/files); every user lists them. */
  "files:manage": ["admin"],
  /** A contact's data export and erasure (LGPD, docs/privacy.md). */
  "contacts:dataRights": ["admin"],
  /** The Auditoria page: the company's audit log and its CSV export (super users read the whole installation's). */
  "audit:view": ["admin"],
} as const satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof PERMISSIONS;

export interface Actor {
  profile: Profile;
  isSuper: boolean;
}

/** Whether an actor holds a named permission. Super users hold every permission of an admin. */
export function can(actor: Actor, permission: Permission): boolean {
  const allowed: readonly Profile[] = PERMISSIONS[permission];
  return allowed.includes(actor.profile) || (actor.isSuper && allowed.includes("admin"));
}

/**
 * Whether a user may write to the customer on a ticket she can open: its attendant, anyone while it
 * has none, and holders of "tickets:writeHeld" (admins). An attendant who lost the ticket to a
 * colleague still reads the conversation, but no longer answers in it.
 */
export function mayWriteOnTicket(actor: Actor & { userId: number }, ticket: { userId: number | null }): boolean {
  return ticket.userId === null || ticket.userId === actor.userId || can(actor, "tickets:writeHeld");
}

/**
 * The inbox's visibility rule (spec core §5 "Ticket access"), as the server applies it on every path:
 * admins see every ticket; others their own, those of their queues, and those without a queue while
 * their allTicket is enabled. The web app uses it to know when a ticket has left the user's sight.
 */
export function mayViewTicket(
  viewer: { profile: string; userId: number; allTicket: string; queueIds: readonly number[] },
  ticket: { userId: number | null; queueId: number | null },
): boolean {
  if (viewer.profile === "admin") return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId === null) return viewer.allTicket === "enabled";
  return viewer.queueIds.includes(ticket.queueId);
}

/** Plan flags of spec core §1. A flag counts as on unless it is explicitly false. */
export const PLAN_FLAGS = [
  "useCampaigns",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

export function planAllows(plan: Partial<Record<PlanFlag, boolean | null>> | null | undefined, flag: PlanFlag): boolean {
  return plan?.[flag] !== false;
}
