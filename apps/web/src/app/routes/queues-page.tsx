import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { QueuesPanel } from "../../features/queues/index.ts";

/** /queues: the company's queues and their chatbot menus (queues tab). */
export default function QueuesPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <QueuesPanel actor={{ profile: user.profile, isSuper: user.super }} />;
}
