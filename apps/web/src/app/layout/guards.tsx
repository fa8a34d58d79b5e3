import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { useCampaignsFlag } from "../../lib/use-campaigns-flag.ts";


/** Private routes: /login unless signed in. */
export function RequireAuth() {
  const { isAuth, loading } = useAuth();
  if (loading) return <PageLoader fullScreen />;
  return isAuth ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Routes only for visitors (/forgetpsw): a signed-in user goes to /. */
export function RedirectIfAuthenticated() {
  const { isAuth, loading } = useAuth();
  if (loading) return <PageLoader fullScreen />;
  return isAuth ? <Navigate to="/" replace /> : <Outlet />;
}

/** The campaign routes exist only while the local cshow flag does (spec core §2): without it, `notFound`. */
export function RequireCampaignsFlag({ notFound }: { notFound: ReactNode }) {
  return useCampaignsFlag() ? <Outlet /> : notFound;
}
