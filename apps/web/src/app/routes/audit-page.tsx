import { can } from "@conversa/shared";
import { Navigate } from "react-router";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { AuditPanel } from "../../features/audit/index.ts";

/** /audit: the audit log (admins: their company; super users: the whole installation). */
export default function AuditPage() {
  const { user } = useAuth();
  if (!user) return null;
  if (!can({ profile: user.profile, isSuper: user.super }, "audit:view")) return <Navigate to="/tickets" replace />;
  return <AuditPanel isSuper={user.super} />;
}
