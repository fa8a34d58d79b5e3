import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { type ReactNode, useState } from "react";
import { ColorModeProvider } from "../lib/color-mode.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { useReducedMotion } from "../lib/use-reduced-motion.ts";

/** App-wide providers that do not depend on the route: server state, theme, toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const reducedMotion = useReducedMotion();
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: "top", horizontal: "right" }} autoHideDuration={3000} {...(reducedMotion ? { transitionDuration: { enter: 0, exit: 0 } } : {})}>
          {children}
        </SnackbarProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
