import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { userFixture } from "../test-fixtures.ts";
import { UsersPanel } from "./users-panel.tsx";

const sockets = vi.hoisted((): FakeSocket[] => []);
vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return {
    io: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  };
});

function lastSocket(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error("no socket");
  return socket;
}

const admin = { profile: "admin", isSuper: false } as const;
const ana = userFixture({ id: 7, name: "Ana Admin", email: "ana@example.com", profile: "admin", online: true });
const beto = userFixture({ id: 4, queues: [{ id: 11, name: "Vendas", color: "#2E7D32" }] });
const sara = userFixture({ id: 9, name: "Sara Super", email: "sara@example.com", profile: "admin", super: true });

function serve(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === "GET" && call.path === "/users") {
      const term = call.url.searchParams.get("searchParam") ?? "";
      const users = [ana, beto, sara].filter((user) => user.name.toLowerCase().includes(term));
      return jsonResponse({ users, count: users.length, hasMore: false });
    }
    return extra(call);
  });
}

function row(name: string) {
  const tr = screen.getByText(name, { selector: "td" }).closest("tr");
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
}

describe("UsersPanel", () => {
  it("does not offer a plain admin to edit or delete a super user, and says why", async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<UsersPanel actor={admin} currentUserId={7} />);

    await screen.findByText("Sara Super", { selector: "td" });
    const edit = row("Sara Super").getByRole("button", { name: "Editar: Sara Super" });
    expect(edit).toBeDisabled();
    expect(row("Sara Super").getByRole("button", { name: "Excluir: Sara Super" })).toBeDisabled();
    expect(row("Beto Atendente").getByRole("button", { name: "Editar: Beto Atendente" })).toBeEnabled();
    await user.hover(edit.parentElement as HTMLElement);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Somente um super usuário pode alterar ou excluir um super usuário.");
  });

  it("lets a super user edit and delete a super user", async () => {
    serve();
    renderWithProviders(<UsersPanel actor={{ profile: "admin", isSuper: true }} currentUserId={7} />);

    await screen.findByText("Sara Super", { selector: "td" });
    expect(row("Sara Super").getByRole("button", { name: "Editar: Sara Super" })).toBeEnabled();
    expect(row("Sara Super").getByRole("button", { name: "Excluir: Sara Super" })).toBeEnabled();
  });

  it("lists users with profile, queue chips and online status; one cannot delete oneself", async () => {
    serve();
    renderWithProviders(<UsersPanel actor={admin} currentUserId={7} />);

    await screen.findByText("Beto Atendente", { selector: "td" });
    expect(row("Beto Atendente").getByText("Usuário")).toBeInTheDocument();
    expect(row("Beto Atendente").getByText("Vendas")).toBeInTheDocument();
    // Once before the name (phones) and once in the status column.
    expect(row("Beto Atendente").getAllByText("Offline")).toHaveLength(2);
    expect(row("Ana Admin").getAllByText("Online")).toHaveLength(2);
    expect(row("Ana Admin").getByRole("button", { name: "Excluir: Ana Admin" })).toBeDisabled();
  });

  it("searches lower-cased after the pause", async () => {
    const { calls } = serve();
    renderWithProviders(<UsersPanel actor={admin} currentUserId={7} />);
    await screen.findByText("Beto Atendente", { selector: "td" });

    await userEvent.setup().type(screen.getByRole("searchbox", { name: "Pesquisar" }), "BETO");

    await waitFor(() => expect(screen.queryByText("Ana Admin", { selector: "td" })).not.toBeInTheDocument(), { timeout: 20_000 });
    expect(calls.filter((call) => call.path === "/users").at(-1)?.url.searchParams.get("searchParam")).toBe("beto");
  });

  it("follows live creations, changes, online status and deletions", async () => {
    serve();
    renderWithProviders(<UsersPanel actor={admin} currentUserId={7} />);
    await screen.findByText("Beto Atendente", { selector: "td" });

    lastSocket().receive("company-3-user", { action: "create", user: userFixture({ id: 9, name: "Carla Nova" }) });
    lastSocket().receive("company-3-user", { action: "presence", userId: 4, online: true });
    lastSocket().receive("company-3-user", { action: "delete", userId: 7 });

    expect(await screen.findByText("Carla Nova", { selector: "td" })).toBeInTheDocument();
    expect(row("Beto Atendente").getAllByText("Online")).toHaveLength(2);
    expect(screen.queryByText("Ana Admin", { selector: "td" })).not.toBeInTheDocument();
  });

  it("deletes a user after confirmation", async () => {
    const { calls } = serve((call) => (call.method === "DELETE" && call.path === "/users/4" ? jsonResponse({ message: "User deleted" }) : undefined));
    renderWithProviders(<UsersPanel actor={admin} currentUserId={7} />);
    const user = userEvent.setup();
    await screen.findByText("Beto Atendente", { selector: "td" });

    await user.click(row("Beto Atendente").getByRole("button", { name: "Excluir: Beto Atendente" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir Beto Atendente?" });
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));

    await waitFor(() => expect(screen.queryByText("Beto Atendente", { selector: "td" })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/users/4"]);
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
  });

  it("tells a user-profile account it may not manage users, without asking the server", async () => {
    const { calls } = serve();
    renderWithProviders(<UsersPanel actor={{ profile: "user", isSuper: false }} currentUserId={4} />);

    expect(await screen.findByText("Você não tem permissão para acessar este recurso.")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/users")).toEqual([]);
  });
});
