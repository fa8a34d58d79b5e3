import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { SnackbarProvider } from "notistack";
import type { ReactNode } from "react";
import { ColorModeProvider } from "../lib/color-mode.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { SocketProvider } from "../lib/socket-provider.tsx";
import type { RealtimeSession } from "../lib/socket.ts";

/**
 * Renders a feature's component with the app's query client, theme, toasts and realtime provider.
 * Tests that need the socket mock `socket.io-client` to hand out FakeSockets.
 */
export function renderWithProviders(ui: ReactNode, options: { session?: RealtimeSession | null } = {}) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <SnackbarProvider maxSnack={3}>
          <SocketProvider session={options.session ?? { companyId: 3, userId: 7 }}>{ui}</SocketProvider>
        </SnackbarProvider>
      </ColorModeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}
