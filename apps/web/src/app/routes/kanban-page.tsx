import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { KanbanBoard } from "../../features/kanban/index.ts";

/** /kanban: the company's tickets by kanban tag (needs the plan's useKanban). */
export default function KanbanPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <KanbanBoard user={user} />;
}
