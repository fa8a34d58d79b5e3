import type { TicketActivity } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";

/** Tells the user that someone else just took or transferred the ticket on screen; closed by the user. */
export function ActivityNotice({ activity, onClose }: { activity: TicketActivity; onClose: () => void }) {
  const { t } = useTranslation();
  const user = activity.user?.name ?? t("ticketActivity.removedUser");
  const target = activity.toUser?.name ?? t("ticketActivity.queueTarget", { queue: activity.toQueue?.name ?? "" });
  const text = activity.kind === "transferred" ? t("ticketActivity.noticeTransferred", { user, target }) : t("ticketActivity.noticeAccepted", { user });
  return (
    <Alert severity="info" role="alert" onClose={onClose} slotProps={{ closeButton: { title: t("common.close"), "aria-label": t("common.close") } }} sx={{ borderRadius: 0 }}>
      {text}
    </Alert>
  );
}
