import { ANNOUNCEMENT_EVENT, type Announcement } from "@conversa/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { AnnouncementsPopover } from "./announcements-popover.tsx";

const { sockets } = vi.hoisted(() => ({ sockets: [] as FakeSocket[] }));

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

const announcement = (id: number, overrides: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Aviso ${id}`,
  text: `Texto do aviso ${id}`,
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function renderPopover(records: Announcement[]) {
  const fetched = mockFetch((call) => {
    if (call.path === "/announcements") return jsonResponse({ records, count: records.length, hasMore: false });
    if (call.path.startsWith("/media/announcements/")) return new Response(PNG, { headers: { "Content-Type": "image/png" } });
    return undefined;
  });
  renderWithProviders(<AnnouncementsPopover userId={7} />);
  const socket = sockets.at(-1)!;
  act(() => socket.acceptConnection());
  return { socket, ...fetched };
}

describe("AnnouncementsPopover", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem("token", "access-1");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:announcement", revokeObjectURL: () => undefined }));
  });

  it("lists the active announcements with their priority, text and picture, loaded with the session", async () => {
    const { calls } = renderPopover([announcement(3, { priority: 1, title: "Manutenção", mediaPath: "/media/announcements/abc.png", mediaName: "aviso.png" }), announcement(2)]);
    const button = await screen.findByRole("button", { name: "Informativos (2 novos)" });
    await userEvent.setup().click(button);
    const dialog = await screen.findByRole("dialog", { name: "Informativos" });
    expect(within(dialog).getByText("Manutenção")).toBeInTheDocument();
    expect(within(dialog).getByText("Alta")).toBeInTheDocument();
    expect(within(dialog).getByText("Texto do aviso 2")).toBeInTheDocument();
    expect(await within(dialog).findByRole("img", { name: "Imagem do informativo: aviso.png" })).toHaveAttribute("src", "blob:announcement");
    const image = calls.find((call) => call.path === "/media/announcements/abc.png");
    expect(image?.headers.get("authorization")).toBe("Bearer access-1");
  });

  it("shows an announcement published live, and drops one that is withdrawn", async () => {
    const { socket } = renderPopover([announcement(2)]);
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Informativos (1 novos)" });

    act(() => socket.receive(ANNOUNCEMENT_EVENT, { action: "create", record: announcement(5, { priority: 1, title: "Urgente" }) }));
    await screen.findByRole("button", { name: "Informativos (2 novos)" });
    await user.click(screen.getByRole("button", { name: /Informativos/ }));
    const dialog = await screen.findByRole("dialog", { name: "Informativos" });
    const titles = () => within(dialog).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(titles()).toEqual(["Urgente", "Aviso 2"]);

    act(() => socket.receive(ANNOUNCEMENT_EVENT, { action: "delete", id: 2 }));
    await waitFor(() => expect(titles()).toEqual(["Urgente"]));
    act(() => socket.receive(ANNOUNCEMENT_EVENT, { action: "update", record: announcement(5, { priority: 1, title: "Urgente", status: false }) }));
    expect(await within(dialog).findByText("Nenhum informativo.")).toBeInTheDocument();
  });

  it("counts as new only what arrived after the popover was last opened", async () => {
    const { socket } = renderPopover([announcement(2), announcement(1)]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Informativos (2 novos)" }));
    await user.keyboard("{Escape}");
    await screen.findByRole("button", { name: "Informativos (0 novos)" });
    act(() => socket.receive(ANNOUNCEMENT_EVENT, { action: "create", record: announcement(8) }));
    expect(await screen.findByRole("button", { name: "Informativos (1 novos)" })).toBeInTheDocument();
    expect(localStorage.getItem("announcementsSeen:7")).toBe("2");
  });
});
