import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { SettingsPanel } from "../../features/settings/index.ts";

/** /settings: the company's settings and business hours (the super users' tabs come with the companies admin). */
export default function SettingsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <SettingsPanel actor={{ profile: user.profile, isSuper: user.super }} companyId={user.companyId} />;
}
