import { ConnectionsPanel } from "../../features/connections/components/connections-panel.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";

/** /connections: the company's WhatsApp connections, their sessions and QR codes. */
export default function ConnectionsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <ConnectionsPanel actor={{ profile: user.profile, isSuper: user.super }} />;
}
