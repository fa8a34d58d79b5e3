import type { Announcement } from "@conversa/shared";
import Campaign from "@mui/icons-material/CampaignOutlined";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PopoverListFrame, TopBarPopover } from "../../../components/top-bar-popover.tsx";
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
  const [isOpen, setIsOpen] = useState(false);
  const [seenId, setSeenId] = useState(() => readSeenAnnouncementId(userId));
  const unseen = isOpen ? 0 : countUnseen(active, seenId);
  const newest = active.reduce((max, announcement) => Math.max(max, announcement.id), 0);

  // While it is open, what arrives is seen.
  useEffect(() => {
    if (!isOpen || newest <= seenId) return;
    saveSeenAnnouncementId(userId, newest);
    setSeenId(newest);
  }, [isOpen, newest, seenId, userId]);

  return (
    <TopBarPopover icon={<Campaign />} title={t("announcements.popover.title")} buttonLabel={t("announcements.popover.button", { count: unseen })} badge={unseen} onOpenChange={setIsOpen}>
      {() => (
        <PopoverListFrame
          isLoading={list.isLoading}
          loadingLabel={t("announcements.popover.loading")}
          notice={list.isError ? { text: t("list.loadError"), isError: true } : active.length === 0 ? { text: t("announcements.popover.empty") } : null}
          hasMore={list.hasMore}
          isFetchingMore={list.isFetchingMore}
          onLoadMore={list.loadMore}
          testId="announcements-scroll"
        >
          <AnnouncementList announcements={active} />
        </PopoverListFrame>
      )}
    </TopBarPopover>
  );
}

/** The popover's announcements, each with its priority colour, date, text and picture. */
function AnnouncementList({ announcements }: { announcements: Announcement[] }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
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
  );
}
