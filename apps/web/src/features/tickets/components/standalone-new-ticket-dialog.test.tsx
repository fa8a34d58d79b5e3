import type { Ticket } from "@conversa/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { SocketProvider } from "../../../lib/socket-provider.tsx";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { makeTicket } from "../test/ticket-fixture.ts";
import { StandaloneNewTicketDialog } from "./standalone-new-ticket-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

describe("StandaloneNewTicketDialog", () => {
  it("opens a ticket for the contact it was given, outside the tickets page", async () => {
    const { calls } = mockFetch((call) => {
      if (call.path === "/whatsapp/") return jsonResponse([{ id: 2, name: "Padrão", isDefault: true, status: "CONNECTED" }]);
      if (call.path === "/queue") return jsonResponse([]);
      if (call.path === "/tickets" && call.method === "POST") return jsonResponse(makeTicket({ id: 77, uuid: "new-uuid" }));
      return undefined;
    });
    const user = sessionUser({ profile: "admin" });
    const viewer = { id: user.id, profile: user.profile, allTicket: user.allTicket, queues: user.queues, whatsappId: user.whatsappId };
    const onCreated = vi.fn<(ticket: Ticket) => void>();
    const maria = { id: 31, name: "Maria Lima", number: "5511988887777", profilePicUrl: null };
    const router = createMemoryRouter(
      [
        {
          path: "/contacts",
          element: (
            <SocketProvider session={{ companyId: user.companyId, userId: user.id }}>
              <StandaloneNewTicketDialog open viewer={viewer} initialContact={maria} onClose={() => undefined} onCreated={onCreated} />
            </SocketProvider>
          ),
        },
      ],
      { initialEntries: ["/contacts"] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Novo atendimento" });
    expect(within(dialog).getByLabelText(/Contato/)).toHaveValue("Maria Lima");
    await waitFor(() => expect(within(dialog).getByLabelText(/Conexão/)).toHaveTextContent("Padrão"), { timeout: 20_000 });
    await userEvent.setup({ delay: null }).click(within(dialog).getByText("Salvar"));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ uuid: "new-uuid" })), { timeout: 20_000 });
    expect(calls.find((call) => call.path === "/tickets" && call.method === "POST")?.body).toMatchObject({ contactId: 31 });
  });
});
