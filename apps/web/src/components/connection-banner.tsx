import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useRealtimeStatus } from "../lib/socket-provider.tsx";

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Tells the user, above every page, that the realtime connection is lost and being tried again (live
 * updates are not arriving meanwhile); gone once it is back. Says so plainly when the browser is offline.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const isOnline = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  if (status !== "disconnected" && isOnline) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      icon={<CircularProgress size={18} color="inherit" />}
      sx={{ borderRadius: 0, py: 0, alignItems: "center" }}
    >
      {isOnline ? t("session.reconnecting") : t("session.offline")}
    </Alert>
  );
}
