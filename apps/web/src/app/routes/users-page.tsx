import { useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "../../features/auth/api/me.ts";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { UsersPanel } from "../../features/users/index.ts";

/** /users: the company's users (admins). */
export default function UsersPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  if (!user) return null;
  return (
    <UsersPanel
      actor={{ profile: user.profile, isSuper: user.super }}
      currentUserId={user.id}
      // Editing oneself here changes the session's name, queues and permissions too.
      onSaved={(saved) => {
        if (saved.id === user.id) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }}
    />
  );
}
