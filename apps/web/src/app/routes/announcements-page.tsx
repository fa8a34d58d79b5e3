import { TIMINGS } from "@conversa/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageLoader } from "../../components/page-loader.tsx";
import { AnnouncementsPanel } from "../../features/announcements/index.ts";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { showToast } from "../../lib/toast.ts";

/**
 * /announcements: the installation's announcements, for super users only (spec admin §2). Anyone else
 * gets an error toast and goes to / after 1 second.
 */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const refused = user !== null && !user.super;

  useEffect(() => {
    if (!refused) return;
    showToast(t("pages.noPagePermission"), "error", TIMINGS.errorToastMs);
    const timer = setTimeout(() => void navigate("/", { replace: true }), TIMINGS.noPermissionRedirectMs);
    return () => clearTimeout(timer);
  }, [refused, navigate, t]);

  if (!user || refused) return <PageLoader />;
  return <AnnouncementsPanel />;
}
