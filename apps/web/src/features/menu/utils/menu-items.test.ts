import { describe, expect, it } from "vitest";
import { allPlanFlags } from "../../../test/fixtures.ts";
import { buildMenu, type MenuInput, type MenuSection } from "./menu-items.ts";

function paths(sections: MenuSection[]): string[] {
  return sections.flatMap((section) =>
    section.entries.flatMap((entry) => (entry.kind === "group" ? entry.children.map((child) => child.path) : [entry.path])),
  );
}

const base: MenuInput = { profile: "user", isSuper: false, plan: allPlanFlags, campaignsFlag: true, connectionsAlert: false, chatsUnread: false };

describe("buildMenu", () => {
  it("gives a user the attendant items only, without Dashboard or Administration", () => {
    const sections = buildMenu(base);

    expect(sections.map((section) => section.id)).toEqual(["main"]);
    expect(paths(sections)).toEqual([
      "/tickets",
      "/kanban",
      "/quick-messages",
      "/todolist",
      "/contacts",
      "/schedules",
      "/tags",
      "/chats",
      "/helps",
    ]);
  });

  it("gives a supervisor the attendant items and the Queues page only", () => {
    const sections = buildMenu({ ...base, profile: "supervisor" });

    expect(sections.map((section) => section.id)).toEqual(["main", "administration"]);
    expect(paths(sections)).not.toContain("/");
    expect(sections[1]!.entries.map((entry) => (entry.kind === "link" ? entry.path : entry.id))).toEqual(["/queues"]);
  });

  it("gives an admin the Dashboard and the Administration block, without announcements", () => {
    const sections = buildMenu({ ...base, profile: "admin" });

    expect(paths(sections)[0]).toBe("/");
    const administration = sections.find((section) => section.id === "administration");
    expect(administration?.heading).toBe("administration");
    expect(paths(administration ? [administration] : [])).toEqual([
      "/campaigns",
      "/contact-lists",
      "/campaigns-config",
      "/prompts",
      "/queue-integration",
      "/connections",
      "/files",
      "/queues",
      "/users",
      "/messages-api",
      "/financeiro",
      "/settings",
      "/audit",
    ]);
  });

  it("adds /announcements for a super admin", () => {
    expect(paths(buildMenu({ ...base, profile: "admin", isSuper: true }))).toContain("/announcements");
    expect(paths(buildMenu({ ...base, profile: "user", isSuper: true }))).not.toContain("/announcements");
  });

  it("drops the items whose plan flag is explicitly false", () => {
    const plan = {
      useCampaigns: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
    };
    const visible = paths(buildMenu({ ...base, profile: "admin", plan }));

    for (const path of ["/kanban", "/schedules", "/chats", "/campaigns", "/prompts", "/queue-integration", "/messages-api"]) {
      expect(visible).not.toContain(path);
    }
    expect(visible).toContain("/connections");
  });

  it("counts a missing or null flag as on", () => {
    const visible = paths(buildMenu({ ...base, profile: "admin", plan: { useKanban: null } }));
    expect(visible).toEqual(expect.arrayContaining(["/kanban", "/campaigns", "/messages-api"]));
  });

  it("shows the Campaigns group only with the cshow flag, whatever the plan", () => {
    const without = paths(buildMenu({ ...base, profile: "admin", campaignsFlag: false }));
    for (const path of ["/campaigns", "/contact-lists", "/campaigns-config"]) expect(without).not.toContain(path);
    expect(without).toContain("/prompts");
    expect(paths(buildMenu({ ...base, profile: "admin", campaignsFlag: true, plan: { useCampaigns: false } }))).not.toContain("/campaigns");
  });

  it("keeps plan-gated items hidden while the plan loads", () => {
    const visible = paths(buildMenu({ ...base, profile: "admin", plan: undefined }));
    expect(visible).not.toContain("/kanban");
    expect(visible).not.toContain("/campaigns");
    expect(visible).toContain("/tickets");
  });

  it("marks /connections when a connection needs attention", () => {
    const admin = buildMenu({ ...base, profile: "admin", connectionsAlert: true });
    const connections = admin
      .flatMap((section) => section.entries)
      .find((entry) => entry.kind === "link" && entry.path === "/connections");
    expect(connections).toMatchObject({ alert: true });
  });

  it("puts a dot on /chats while the user has unread chats, and only then", () => {
    const chatsLink = (chatsUnread: boolean) =>
      buildMenu({ ...base, chatsUnread })
        .flatMap((section) => section.entries)
        .find((entry) => entry.kind === "link" && entry.path === "/chats");
    expect(chatsLink(true)).toMatchObject({ dot: true });
    expect(chatsLink(false)).toMatchObject({ dot: false });
    expect(paths(buildMenu({ ...base, chatsUnread: true, plan: { useInternalChat: false } }))).not.toContain("/chats");
  });
});
