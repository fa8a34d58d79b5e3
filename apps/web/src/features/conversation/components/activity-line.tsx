import type { TicketActivity } from "@conversa/shared";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import { format, parseISO } from "date-fns";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { chatColors } from "../../../components/chat-colors.ts";

/** What an activity says, in the user's language: who did what (and to where, for a transfer). */
export function activityText(t: TFunction, activity: TicketActivity): string {
  const user = activity.user?.name ?? t("ticketActivity.removedUser");
  if (activity.kind === "transferred") {
    const queue = activity.toQueue?.name ?? "";
    return activity.toUser ? t("ticketActivity.transferredUser", { user, toUser: activity.toUser.name, queue }) : t("ticketActivity.transferredQueue", { user, queue });
  }
  return t(`ticketActivity.${activity.kind}`, { user });
}

/** An activity line among the messages: centred, small, with its time. */
export function ActivityLine({ activity }: { activity: TicketActivity }) {
  const { t } = useTranslation();
  const colors = chatColors(useTheme());
  const text = activityText(t, activity);
  const time = format(parseISO(activity.createdAt), "HH:mm");
  return (
    <Box role="note" aria-label={`${text} ${time}`} data-activity={activity.kind} sx={{ display: "flex", justifyContent: "center", px: 2, py: 0.5 }}>
      <Typography variant="caption" sx={{ bgcolor: colors.divider, color: colors.meta, px: 1.25, py: 0.25, borderRadius: 1.5, textAlign: "center", boxShadow: "0 1px 0.5px rgba(0,0,0,0.13)" }}>
        {text} · {time}
      </Typography>
    </Box>
  );
}
