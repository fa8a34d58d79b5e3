import { TIMINGS } from "@conversa/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { showToast } from "../../lib/toast.ts";

/**
 * A page the signed-in user's role may not open (spec admin §2, the announcements page): while `refused`,
 * an error toast tells them and they go to / a second later. The page shows nothing of itself meanwhile.
 */
export function usePageRefusal(refused: boolean): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!refused) return;
    showToast(t("pages.noPagePermission"), "error", TIMINGS.errorToastMs);
    const timer = setTimeout(() => void navigate("/", { replace: true }), TIMINGS.noPermissionRedirectMs);
    return () => clearTimeout(timer);
  }, [refused, navigate, t]);
}
