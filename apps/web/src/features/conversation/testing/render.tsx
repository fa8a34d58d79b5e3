import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../../../app/providers.tsx";
import type { RealtimeSession } from "../../../lib/socket.ts";
import { SocketProvider } from "../../../lib/socket-provider.tsx";

/**
 * Renders conversation UI inside the app's providers (query client with error toasts, theme,
 * toasts), a realtime provider (connected only with a session), and a router where /tickets is
 * the list page.
 */
export function renderWithApp(ui: ReactNode, path = "/tickets/0b6f3c8e-7d1a-4a0e-9d53-1f5c2b7a9e10", session: RealtimeSession | null = null) {
  const router = createMemoryRouter(
    [
      { path: "/tickets/:ticketUuid", element: ui },
      { path: "/tickets", element: <p>tickets list</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders>
      <SocketProvider session={session}>
        <RouterProvider router={router} />
      </SocketProvider>
    </AppProviders>,
  );
  return { router, ...view };
}
