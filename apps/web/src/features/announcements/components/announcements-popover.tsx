import type { Announcement } from "@conversa/shared";
import Campaign from "@mui/icons-material/CampaignOutlined";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type UIEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isNearBottom } from "../../../components/list/index.ts";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { usePopoverAnnouncements } from "../api/list-announcements.ts";
import { useAnnouncementsLiveUpdates } from "../hooks/use-announcements-live-updates.ts";
import { PRIORITY_STYLES } from "../utils/announcement-priority.ts";
import { countUnseen, readSeenAnnouncementId, saveSeenAnnouncementId } from "../utils/announcements-seen.ts";
import { AnnouncementImage } from "./announcement-image.tsx";
import { PriorityChip } from "./priority-chip.tsx";

/**
 * The announcements button of the top bar, for every user (spec core §2): a badge with the active
 * announcements not seen yet, and a popover listing the active ones by priority with their text, date
 * and picture; the next page loads within 100 px of the bottom, and `company-announcement` keeps it live.
 */
export function AnnouncementsPopover({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = usePopoverAnnouncements();
  useAnnouncementsLiveUpdates();
  // A super user's list holds the inactive ones too: the popover shows what everyone sees.
  const active = list.records.filter((announcement) => announcement.status);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [seenId, setSeenId] = useState(() => readSeenAnnouncementId(userId));
  const unseen = anchor === null ? countUnseen(active, seenId) : 0;
  const newest = active.reduce((max, announcement) => Math.max(max, announcement.id), 0);

  // While it is open, what arrives is seen.
  useEffect(() => {
    if (anchor === null || newest <= seenId) return;
    saveSeenAnnouncementId(userId, newest);
    setSeenId(newest);
  }, [anchor, newest, seenId, userId]);

  return (
    <>
      <Tooltip title={t("announcements.popover.title")}>
        <IconButton color="inherit" aria-label={t("announcements.popover.button", { count: unseen })} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={unseen} color="error" max={99}>
            <Campaign />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("announcements.popover.title"), sx: { width: 400, maxWidth: "calc(100vw - 16px)", display: "flex", flexDirection: "column", maxHeight: 480 } } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
          {t("announcements.popover.title")}
        </Typography>
        <AnnouncementList announcements={active} isLoading={list.isLoading} isError={list.isError} hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} />
      </Popover>
    </>
  );
}

interface AnnouncementListProps {
  announcements: Announcement[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isFetchingMore: boolean;
  onLoadMore: () => void;
}

/** The popover's scrolling list: the next page within 100 px of the bottom, or at once while the rows do not fill it. */
function AnnouncementList({ announcements, isLoading, isError, hasMore, isFetchingMore, onLoadMore }: AnnouncementListProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = frame.current;
    if (el && hasMore && !isFetchingMore && isNearBottom(el)) onLoadMore();
  });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasMore && !isFetchingMore && isNearBottom(event.currentTarget)) onLoadMore();
  };

  return (
    <Box ref={frame} onScroll={onScroll} sx={{ overflowY: "auto", flex: 1, minHeight: 0 }} data-testid="announcements-scroll">
      {isLoading ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
          <CircularProgress size={24} aria-label={t("announcements.popover.loading")} />
        </Box>
      ) : isError ? (
        <Typography color="error" sx={{ px: 2, pb: 2 }}>
          {t("list.loadError")}
        </Typography>
      ) : announcements.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t("announcements.popover.empty")}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t("announcements.popover.title")}>
          {announcements.map((announcement) => (
            <ListItem
              key={announcement.id}
              data-announcement-id={announcement.id}
              sx={{ display: "block", borderLeft: 4, borderColor: PRIORITY_STYLES[announcement.priority].color, borderBottom: 1, borderBottomColor: "divider", py: 1.5 }}
            >
              <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
                <Typography variant="subtitle2" component="h3" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                  {announcement.title}
                </Typography>
                <PriorityChip priority={announcement.priority} />
              </Box>
              <Typography variant="caption" color="text.secondary" component="p">
                {formatDate(announcement.createdAt, DATE_PATTERNS.dateTime, language)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mt: 0.5 }}>
                {announcement.text}
              </Typography>
              {announcement.mediaPath && <AnnouncementImage path={announcement.mediaPath} name={announcement.mediaName} />}
            </ListItem>
          ))}
        </List>
      )}
      {isFetchingMore && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <CircularProgress size={20} />
        </Box>
      )}
    </Box>
  );
}
