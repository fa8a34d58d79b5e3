import type { Announcement } from "@conversa/shared";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../components/list/index.ts";
import { PriorityChip } from "./priority-chip.tsx";

const COLUMNS = 5;
/** The attachment's name is left out on phones: its icon stays. */
const WIDE_ONLY = { display: { xs: "none", md: "inline" } } as const;

interface AnnouncementsTableProps {
  announcements: readonly Announcement[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onEdit: (announcement: Announcement) => void;
  onDelete: (announcement: Announcement) => void;
}

/** The announcements (spec admin §2): title, priority, attachment, status, edit and delete. */
export function AnnouncementsTable({ announcements, isLoading, isError, onRetry, onEdit, onDelete }: AnnouncementsTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader aria-label={t("menu.announcements")} sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell>{t("announcements.columns.title")}</TableCell>
          <TableCell sx={{ width: { xs: 84, md: 110 } }}>{t("announcements.columns.priority")}</TableCell>
          <TableCell sx={{ width: { xs: 56, md: 200 } }}>{t("announcements.columns.media")}</TableCell>
          <TableCell sx={{ width: { xs: 76, md: 100 } }}>{t("announcements.columns.status")}</TableCell>
          <TableCell align="right" sx={{ width: { xs: 84, md: 96 } }}>
            {t("list.actions")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && announcements.length === 0} onRetry={onRetry} />
        {announcements.map((announcement) => (
          <TableRow key={announcement.id} hover data-announcement-id={announcement.id}>
            <TableCell sx={{ fontWeight: 500 }}>
              <Typography variant="body2" noWrap title={announcement.title} sx={{ fontWeight: 500 }}>
                {announcement.title}
              </Typography>
            </TableCell>
            <TableCell>
              <PriorityChip priority={announcement.priority} />
            </TableCell>
            <TableCell>
              {announcement.mediaName ? (
                <Box
                  component="span"
                  role="img"
                  aria-label={t("announcements.hasMedia", { name: announcement.mediaName })}
                  title={announcement.mediaName}
                  sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, maxWidth: "100%", minWidth: 0 }}
                >
                  <ImageOutlined fontSize="small" color="action" />
                  <Typography component="span" variant="body2" noWrap sx={WIDE_ONLY}>
                    {announcement.mediaName}
                  </Typography>
                </Box>
              ) : (
                <Typography component="span" variant="body2" color="text.secondary">
                  {t("announcements.noMedia")}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                variant={announcement.status ? "filled" : "outlined"}
                color={announcement.status ? "success" : "default"}
                label={t(announcement.status ? "announcements.status.active" : "announcements.status.inactive")}
              />
            </TableCell>
            <RowActionsCell>
              <EditDeleteActions subject={announcement.title} onEdit={() => onEdit(announcement)} onDelete={() => onDelete(announcement)} />
            </RowActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
