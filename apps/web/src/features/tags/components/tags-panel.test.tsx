import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { TagsPanel } from "./tags-panel.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const vip = { id: 4, name: "VIP", color: "#ff0000", kanban: 0, userId: 1, ticketsCount: 2 };

function renderPanel(profile: "admin" | "supervisor" | "user") {
  mockFetch((call) => (call.method === "GET" && call.path === "/tags" ? jsonResponse({ tags: [vip], hasMore: false }) : undefined));
  renderWithProviders(<TagsPanel actor={{ profile, isSuper: false }} />);
}

describe("TagsPanel", () => {
  it("offers an admin to add, edit and delete tags", async () => {
    renderPanel("admin");
    expect(await screen.findByText("VIP")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Adicionar tag" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Editar: VIP" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Excluir: VIP" })).toBeInTheDocument();
  });

  it("shows a user-profile account the tags without add, edit or delete", async () => {
    renderPanel("user");
    expect(await screen.findByText("VIP")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adicionar tag" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Editar: VIP" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir: VIP" })).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Ações" })).not.toBeInTheDocument();
  });

  it("offers a supervisor the edit (for the kanban flag) without add or delete", async () => {
    renderPanel("supervisor");
    expect(await screen.findByText("VIP")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adicionar tag" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Editar: VIP" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir: VIP" })).not.toBeInTheDocument();
  });
});
