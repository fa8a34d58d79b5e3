import { type ReactNode, Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../../components/page-loader.tsx";
import { AuthProvider } from "../../features/auth/components/auth-provider.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { SocketProvider } from "../../lib/socket-provider.tsx";

function SessionSocket({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  // No realtime connection until a required second factor is on: the server refuses it before.
  const session = user && !user.twoFactorSetupRequired ? { companyId: user.companyId, userId: user.id } : null;
  return <SocketProvider session={session}>{children}</SocketProvider>;
}

/** Root route: the session (auth + realtime connection) around every page. */
export function SessionRoot() {
  return (
    <AuthProvider>
      <SessionSocket>
        <Suspense fallback={<PageLoader fullScreen />}>
          <Outlet />
        </Suspense>
      </SessionSocket>
    </AuthProvider>
  );
}
