import { PageLoader } from "../../components/page-loader.tsx";
import { AnnouncementsPanel } from "../../features/announcements/index.ts";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { usePageRefusal } from "../layout/use-page-refusal.ts";

/**
 * /announcements: the installation's announcements, for super users only (spec admin §2). Anyone else
 * gets an error toast and goes to / after 1 second.
 */
export default function AnnouncementsPage() {
  const { user } = useAuth();
  const refused = user !== null && !user.super;
  usePageRefusal(refused);

  if (!user || refused) return <PageLoader />;
  return <AnnouncementsPanel />;
}
