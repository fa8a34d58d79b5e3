import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { HelpsGallery } from "./helps-gallery.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const helps = [
  { id: 1, title: "Atendendo tickets", video: "dQw4w9WgXcQ", description: "Aceitar e resolver." },
  { id: 2, title: "Etiquetas", video: "abcDEF_-123", description: "" },
];

describe("HelpsGallery", () => {
  it("shows a card per video with its thumbnail and title", async () => {
    mockFetch((call) => (call.path === "/helps/list" ? jsonResponse(helps) : undefined));
    renderWithProviders(<HelpsGallery />);
    expect(await screen.findByRole("img", { name: "Atendendo tickets" })).toHaveAttribute("src", "https://img.youtube.com/vi/dQw4w9WgXcQ/mqdefault.jpg");
    expect(screen.getByRole("img", { name: "Etiquetas" })).toHaveAttribute("src", "https://img.youtube.com/vi/abcDEF_-123/mqdefault.jpg");
    expect(screen.getAllByRole("button", { name: /^Assistir: / })).toHaveLength(2);
  });

  it("opens the player of a clicked card, and Escape closes it", async () => {
    mockFetch((call) => (call.path === "/helps/list" ? jsonResponse(helps) : undefined));
    renderWithProviders(<HelpsGallery />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Assistir: Atendendo tickets" }));
    const dialog = await screen.findByRole("dialog", { name: "Atendendo tickets" });
    const player = within(dialog).getByTitle("Atendendo tickets");
    expect(player.tagName).toBe("IFRAME");
    expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(player).toHaveAttribute("allowfullscreen");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("opens a card from the keyboard and closes with the close button", async () => {
    mockFetch((call) => (call.path === "/helps/list" ? jsonResponse(helps) : undefined));
    renderWithProviders(<HelpsGallery />);
    const user = userEvent.setup();
    const card = await screen.findByRole("button", { name: "Assistir: Etiquetas" });
    card.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Etiquetas" });
    expect(within(dialog).getByTitle("Etiquetas")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abcDEF_-123");
    await user.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the spec's load failure text when the videos cannot be loaded", async () => {
    mockFetch((call) => (call.path === "/helps/list" ? errorResponse(403, "ERR_NO_PERMISSION") : undefined));
    renderWithProviders(<HelpsGallery />);
    expect(await screen.findAllByText("Não foi possível carregar a lista de registros")).not.toHaveLength(0);
  });
});
