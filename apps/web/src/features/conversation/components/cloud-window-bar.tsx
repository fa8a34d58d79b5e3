import type { CloudWindow } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useEffect, useReducer } from "react";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/use-now.ts";

/** Under this much time left, the open window is shown as closing soon. */
const CLOSING_SOON_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Whether free-form messages may go out now, by the browser's clock (the server checks again on each send). */
function isWindowOpen(window: CloudWindow, now: Date): boolean {
  return window.closesAt !== null && now.getTime() < Date.parse(window.closesAt);
}

/** Whether the window is open now; the component re-renders by itself at the moment it closes. */
export function useWindowOpen(window: CloudWindow | null): boolean {
  const closesAt = window?.closesAt ? Date.parse(window.closesAt) : null;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (closesAt === null) return;
    const left = closesAt - Date.now();
    if (left <= 0) return;
    // setTimeout holds at most about 24.8 days; a window lasts 24 hours.
    const timer = setTimeout(rerender, Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [closesAt]);
  return window !== null && isWindowOpen(window, new Date());
}

interface CloudWindowBarProps {
  window: CloudWindow;
  /** Whether the window is open now (`useWindowOpen`, which re-renders when it closes). */
  open: boolean;
  /** Whether the user may send on the ticket at all (open, not held by a colleague). */
  canSend: boolean;
  onTemplates: () => void;
}

/**
 * The official line's 24-hour window above the composer: the time left while the customer's last message
 * is younger than 24 hours, and, once it is closed, that only an approved template may go out.
 */
export function CloudWindowBar({ window, open, canSend, onTemplates }: CloudWindowBarProps) {
  const { t } = useTranslation();
  // The time left, renewed every minute.
  const now = useNow(MINUTE_MS);
  const left = window.closesAt === null ? 0 : Date.parse(window.closesAt) - now.getTime();
  const minutes = Math.max(1, Math.ceil(left / MINUTE_MS));
  const text = open
    ? t("conversation.cloud.openFor", {
        left: minutes >= 60 ? t("conversation.cloud.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: minutes % 60 }) : t("conversation.cloud.minutes", { count: minutes }),
        at: formatDate(window.closesAt, DATE_PATTERNS.dateTime, currentLanguage()),
      })
    : window.closesAt === null
      ? t("conversation.cloud.neverWrote")
      : t("conversation.cloud.closed");
  return (
    <Alert
      severity={open ? (left < CLOSING_SOON_MS ? "warning" : "info") : "warning"}
      role="status"
      aria-label={t("conversation.cloud.label")}
      sx={{ borderRadius: 0, py: 0.25, alignItems: "center" }}
      action={
        canSend ? (
          <Button color="inherit" size="small" onClick={onTemplates}>
            {t(open ? "conversation.cloud.templates" : "conversation.cloud.sendTemplate")}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
