import { type PlanFlag, type Profile, can, planAllows } from "@conversa/shared";
import type { Messages } from "../../../lib/locales/pt.ts";

export type MenuLabel = keyof Messages["menu"];
/** Menu texts that are not items. */
type MenuChrome = "administration" | "connectionsAttention" | "chatsUnread" | "version" | "navigation";
export type MenuItemId = Exclude<MenuLabel, MenuChrome>;

export interface MenuLink {
  kind: "link";
  id: MenuItemId;
  path: string;
  /** '!' on /connections when a connection needs attention. */
  alert?: boolean;
  /** A dot on /chats when the user has unread internal chats. */
  dot?: boolean;
}

export interface MenuGroup {
  kind: "group";
  id: MenuItemId;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface MenuSection {
  id: "main" | "administration";
  heading?: MenuLabel;
  entries: MenuEntry[];
}

export type PlanFlags = Partial<Record<PlanFlag, boolean | null>>;

export interface MenuInput {
  profile: Profile;
  isSuper: boolean;
  /** The plan's flags; undefined while loading (plan-gated items stay hidden), null when unknown. */
  plan: PlanFlags | null | undefined;
  /** The local cshow flag (the company's campaignsEnabled setting): the campaign routes exist only with it. */
  campaignsFlag: boolean;
  connectionsAlert: boolean;
  /** Whether the user has internal chats with unread messages (the /chats dot). */
  chatsUnread: boolean;
}

const link = (id: MenuItemId, path: string, alert?: boolean, dot?: boolean): MenuLink => ({ kind: "link", id, path, alert, dot });

/**
 * The left menu of spec core §2 for a user: items by profile, super flag and plan flags. The Campaigns
 * group also needs the cshow flag, without which its routes do not exist.
 */
export function buildMenu({ profile, isSuper, plan, campaignsFlag, connectionsAlert, chatsUnread }: MenuInput): MenuSection[] {
  const isAdmin = profile === "admin";
  const allows = (flag: PlanFlag) => plan !== undefined && planAllows(plan, flag);

  const main: MenuEntry[] = [
    ...(isAdmin ? [link("dashboard", "/")] : []),
    link("tickets", "/tickets"),
    ...(allows("useKanban") ? [link("kanban", "/kanban")] : []),
    link("quickMessages", "/quick-messages"),
    link("todolist", "/todolist"),
    link("contacts", "/contacts"),
    ...(allows("useSchedules") ? [link("schedules", "/schedules")] : []),
    link("tags", "/tags"),
    ...(allows("useInternalChat") ? [link("chats", "/chats", undefined, chatsUnread)] : []),
    link("helps", "/helps"),
  ];
  const sections: MenuSection[] = [{ id: "main", entries: main }];
  if (!isAdmin) {
    // A supervisor configures distribution: the Queues page (its rules, logs and stores tabs).
    if (can({ profile, isSuper }, "distribution:manage")) sections.push({ id: "administration", heading: "administration", entries: [link("queues", "/queues")] });
    return sections;
  }

  const administration: MenuEntry[] = [
    ...(allows("useCampaigns") && campaignsFlag
      ? [
          {
            kind: "group" as const,
            id: "campaigns" as const,
            children: [
              link("campaignsList", "/campaigns"),
              link("contactLists", "/contact-lists"),
              link("campaignsConfig", "/campaigns-config"),
            ],
          },
        ]
      : []),
    ...(isSuper ? [link("announcements", "/announcements")] : []),
    ...(allows("useOpenAi") ? [link("prompts", "/prompts")] : []),
    ...(allows("useIntegrations") ? [link("queueIntegration", "/queue-integration")] : []),
    link("connections", "/connections", connectionsAlert),
    link("files", "/files"),
    link("queues", "/queues"),
    link("users", "/users"),
    ...(allows("useExternalApi") ? [link("messagesApi", "/messages-api")] : []),
    link("financial", "/financeiro"),
    link("settings", "/settings"),
    ...(can({ profile, isSuper }, "audit:view") ? [link("audit", "/audit")] : []),
  ];
  sections.push({ id: "administration", heading: "administration", entries: administration });
  return sections;
}
