import type { SessionUser, Ticket } from "@conversa/shared";
import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useParams } from "react-router";
import { AppProviders } from "../../../app/providers.tsx";
import { SocketProvider } from "../../../lib/socket-provider.tsx";
import { NewTicketDialog, type NewTicketViewer } from "../components/new-ticket-dialog.tsx";
import { TicketsManager } from "../components/tickets-manager.tsx";
import { TicketsViewerContext } from "../hooks/use-tickets-viewer.ts";

function ManagerRoute({ user }: { user: SessionUser }) {
  const { ticketUuid } = useParams();
  return (
    <div style={{ height: 800, display: "flex", flexDirection: "column" }}>
      <TicketsManager user={user} selectedUuid={ticketUuid} />
    </div>
  );
}

/**
 * Renders the tickets list side at /tickets with the app's providers and a realtime session that,
 * as in the app, outlives the page: /elsewhere is another page of the same session.
 */
export function renderManager(user: SessionUser, path = "/tickets") {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SocketProvider session={{ companyId: user.companyId, userId: user.id }}>
            <Outlet />
          </SocketProvider>
        ),
        children: [
          { path: "/tickets/:ticketUuid?", element: <ManagerRoute user={user} /> },
          { path: "/elsewhere", element: <p>Outra página</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** Renders the new-ticket dialog (open) for a user; `onCreated` receives the opened ticket. */
export function renderNewTicketDialog(user: SessionUser, onCreated: (ticket: Ticket) => void) {
  const viewer: NewTicketViewer = { id: user.id, profile: user.profile, allTicket: user.allTicket, queues: user.queues, whatsappId: user.whatsappId };
  const router = createMemoryRouter(
    [
      {
        path: "/tickets/:ticketUuid?",
        element: (
          <TicketsViewerContext value={viewer}>
            <NewTicketDialog open viewer={viewer} onClose={() => undefined} onCreated={onCreated} />
          </TicketsViewerContext>
        ),
      },
    ],
    { initialEntries: ["/tickets"] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
