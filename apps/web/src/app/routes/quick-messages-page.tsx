import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { QuickMessagesPanel } from "../../features/quick-messages/index.ts";

/** /quick-messages: the company's shared quick replies and the user's own. */
export default function QuickMessagesPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <QuickMessagesPanel actor={{ profile: user.profile, isSuper: user.super, userId: user.id }} />;
}
