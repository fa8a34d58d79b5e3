import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { TagsPanel } from "../../features/tags/index.ts";

/** /tags: the company's tags, with their ticket counts. */
export default function TagsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <TagsPanel actor={{ profile: user.profile, isSuper: user.super }} />;
}
