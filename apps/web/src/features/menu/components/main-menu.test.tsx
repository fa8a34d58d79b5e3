import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { allPlanFlags } from "../../../test/fixtures.ts";
import { buildMenu, type MenuInput } from "../utils/menu-items.ts";
import { MainMenu } from "./main-menu.tsx";

function renderMenu(input: Partial<MenuInput>) {
  const sections = buildMenu({ profile: "user", isSuper: false, plan: allPlanFlags, campaignsFlag: true, connectionsAlert: false, chatsUnread: false, ...input });
  render(
    <MemoryRouter initialEntries={["/tickets"]}>
      <MainMenu sections={sections} collapsed={false} />
    </MemoryRouter>,
  );
  return within(screen.getByRole("navigation", { name: "Menu principal" }));
}

describe("MainMenu", () => {
  it("shows a user the attendant links and no Administration block", () => {
    const menu = renderMenu({ profile: "user" });

    expect(menu.getByRole("link", { name: "Atendimentos" })).toHaveAttribute("href", "/tickets");
    expect(menu.getByRole("link", { name: "Tarefas" })).toHaveAttribute("href", "/todolist");
    expect(menu.queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
    expect(menu.queryByText("Administração")).not.toBeInTheDocument();
    expect(menu.queryByRole("link", { name: "Conexões" })).not.toBeInTheDocument();
  });

  it("shows an admin the Administration block with its Campaigns group", async () => {
    const menu = renderMenu({ profile: "admin" });

    expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/");
    expect(menu.getByText("Administração")).toBeInTheDocument();
    expect(menu.getByRole("link", { name: "Configurações" })).toHaveAttribute("href", "/settings");
    expect(menu.queryByRole("link", { name: "Informativos" })).not.toBeInTheDocument();

    await userEvent.click(menu.getByRole("button", { name: "Campanhas" }));
    expect(menu.getByRole("link", { name: "Listagem" })).toHaveAttribute("href", "/campaigns");
  });

  it("shows a super admin the announcements", () => {
    const menu = renderMenu({ profile: "admin", isSuper: true });
    expect(menu.getByRole("link", { name: "Informativos" })).toHaveAttribute("href", "/announcements");
  });

  it("hides plan features that are switched off", () => {
    const menu = renderMenu({ profile: "admin", plan: { ...allPlanFlags, useKanban: false, useCampaigns: false } });
    expect(menu.queryByRole("link", { name: "Kanban" })).not.toBeInTheDocument();
    expect(menu.queryByRole("button", { name: "Campanhas" })).not.toBeInTheDocument();
  });

  it("puts a '!' badge on /connections when a connection needs attention", () => {
    const menu = renderMenu({ profile: "admin", connectionsAlert: true });
    expect(within(menu.getByRole("link", { name: /Conexões/ })).getByText("!")).toBeInTheDocument();
  });

  it("puts a dot on /chats when the user has unread internal chats", () => {
    expect(within(renderMenu({ chatsUnread: true }).getByRole("link", { name: /Chat interno/ })).getByRole("img", { name: "Há conversas não lidas" })).toBeInTheDocument();
  });

  it("shows no dot on /chats when every chat is read", () => {
    expect(within(renderMenu({ chatsUnread: false }).getByRole("link", { name: /Chat interno/ })).queryByRole("img", { name: "Há conversas não lidas" })).not.toBeInTheDocument();
  });

  it("marks the current page", () => {
    const menu = renderMenu({ profile: "user" });
    expect(menu.getByRole("link", { name: "Atendimentos" })).toHaveClass("Mui-selected");
  });
});
