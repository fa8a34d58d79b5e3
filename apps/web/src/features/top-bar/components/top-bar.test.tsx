import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { TopBar } from "./top-bar.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const soon = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000 + 60_000).toISOString();

function renderTopBar(profile: "admin" | "user") {
  mockFetch(() => undefined);
  const user = sessionUser({ profile, company: { id: 3, name: "Acme", dueDate: soon(), trialExpiration: null, settings: [] } });
  renderWithProviders(
    <MemoryRouter initialEntries={["/tickets"]}>
      <TopBar user={user} onToggleMenu={() => {}} onLogout={() => {}} renderProfileDialog={() => null} />
      <Routes>
        <Route path="/tickets" element={<p>Atendimentos</p>} />
        <Route path="/subscription" element={<p>Página de assinatura</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("TopBar's due-date warning", () => {
  it("links an admin to /subscription", async () => {
    renderTopBar("admin");
    const warning = within(screen.getByRole("status")).getByRole("link", { name: /Sua assinatura vence em [23] dia\(s\)/ });
    expect(warning).toHaveAttribute("href", "/subscription");
    await userEvent.setup().click(warning);
    expect(await screen.findByText("Página de assinatura")).toBeInTheDocument();
  });

  it("shows an attendant the warning without a link to a page they may not open", () => {
    renderTopBar("user");
    expect(screen.getByRole("status")).toHaveTextContent(/Sua assinatura vence em [23] dia\(s\)/);
    expect(within(screen.getByRole("status")).queryByRole("link")).not.toBeInTheDocument();
  });
});
