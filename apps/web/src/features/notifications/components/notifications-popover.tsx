import type { SessionUser } from "@conversa/shared";
import Notifications from "@mui/icons-material/Notifications";
import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { plainText } from "../../../lib/format-text.ts";
import { useTicketNotifications } from "../hooks/use-ticket-notifications.ts";
import type { NotificationViewer } from "../utils/notification-rules.ts";

/** The bell of the top bar: unread tickets of the user, each opening its conversation. */
export function NotificationsPopover({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useMemo<NotificationViewer>(
    () => ({ id: user.id, profile: user.profile, allTicket: user.allTicket, queues: user.queues }),
    [user.id, user.profile, user.allTicket, user.queues],
  );
  const tickets = useTicketNotifications(viewer);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t("notifications.button", { count: tickets.length });

  return (
    <>
      <Tooltip title={t("notifications.title")}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={tickets.length} color="error" max={99}>
            <Notifications />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("notifications.title"), sx: { width: 360, maxWidth: "calc(100vw - 16px)", maxHeight: 420 } } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
          {t("notifications.title")}
        </Typography>
        {tickets.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {t("notifications.empty")}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t("notifications.title")}>
            {tickets.map((ticket) => {
              const name = ticket.contact.name || ticket.contact.number;
              return (
                <ListItemButton
                  key={ticket.id}
                  aria-label={t("notifications.open", { name, count: ticket.unreadMessages })}
                  onClick={() => {
                    setAnchor(null);
                    void navigate(`/tickets/${ticket.uuid}`);
                  }}
                  sx={{ borderLeft: 4, borderColor: ticket.queue?.color ?? "grey.500" }}
                >
                  <ListItemAvatar>
                    <Badge badgeContent={ticket.unreadMessages} color="success" max={99}>
                      <Avatar src={ticket.contact.profilePicUrl ?? undefined} alt="">
                        {name.charAt(0).toUpperCase()}
                      </Avatar>
                    </Badge>
                  </ListItemAvatar>
                  <ListItemText
                    primary={name}
                    secondary={
                      <Box component="span" sx={{ display: "flex", gap: 1 }}>
                        <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                          {plainText(ticket.lastMessage)}
                        </Box>
                        <Box component="span" sx={{ flexShrink: 0 }}>
                          {ticket.status === "pending" ? t("notifications.pending") : (ticket.queue?.name ?? t("notifications.noQueue"))}
                        </Box>
                      </Box>
                    }
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
