import type { QuickMessage } from "@conversa/shared";
import AttachFile from "@mui/icons-material/AttachFile";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../components/list/index.ts";

const COLUMNS = 5;
/** Columns left out on phones: the message (and a clip for an attachment) moves under the shortcode. */
const WIDE_ONLY = { display: { xs: "none", md: "table-cell" } } as const;

interface QuickMessagesTableProps {
  quickMessages: readonly QuickMessage[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Whether the signed-in user may edit and delete a reply. */
  canEdit: (quick: QuickMessage) => boolean;
  onEdit: (quick: QuickMessage) => void;
  onDelete: (quick: QuickMessage) => void;
}

/** The quick replies: shortcode, message (cut), shared or personal, attachment, edit and delete. */
export function QuickMessagesTable({ quickMessages, isLoading, isError, onRetry, canEdit, onEdit, onDelete }: QuickMessagesTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader aria-label={t("menu.quickMessages")} sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: { xs: "auto", md: 180 } }}>{t("quickMessages.columns.shortcode")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("quickMessages.columns.message")}</TableCell>
          <TableCell sx={{ width: { xs: 88, md: 110 } }}>{t("quickMessages.columns.visibility")}</TableCell>
          <TableCell align="center" sx={{ ...WIDE_ONLY, width: 70 }}>
            {t("quickMessages.columns.media")}
          </TableCell>
          <TableCell align="right" sx={{ width: { xs: 84, md: 96 } }}>
            {t("list.actions")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && quickMessages.length === 0} onRetry={onRetry} />
        {quickMessages.map((quick) => {
          const editable = canEdit(quick);
          return (
            <TableRow key={quick.id} hover data-quick-message-id={quick.id}>
              <TableCell sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>
                /{quick.shortcode}
                <Typography variant="caption" color="text.secondary" noWrap sx={{ display: { xs: "block", md: "none" }, fontWeight: 400 }}>
                  {quick.isMedia && <AttachFile sx={{ fontSize: 12, mr: 0.5, verticalAlign: "middle" }} />}
                  {quick.message}
                </Typography>
              </TableCell>
              <TableCell sx={WIDE_ONLY}>
                <Typography variant="body2" noWrap title={quick.message}>
                  {quick.message}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant={quick.geral ? "filled" : "outlined"}
                  color={quick.geral ? "primary" : "default"}
                  label={t(quick.geral ? "quickMessages.visibility.geral" : "quickMessages.visibility.personal")}
                />
              </TableCell>
              <TableCell align="center" sx={WIDE_ONLY}>
                {quick.isMedia && (
                  <Tooltip title={quick.mediaName ?? ""}>
                    <Box component="span" role="img" aria-label={t("quickMessages.hasMedia", { name: quick.mediaName ?? "" })} sx={{ display: "inline-flex" }}>
                      <AttachFile fontSize="small" color="action" />
                    </Box>
                  </Tooltip>
                )}
              </TableCell>
              <RowActionsCell>
                <EditDeleteActions
                  subject={quick.shortcode}
                  onEdit={() => onEdit(quick)}
                  onDelete={() => onDelete(quick)}
                  editBlockedBy={editable ? null : t("quickMessages.notYours")}
                  deleteBlockedBy={editable ? null : t("quickMessages.notYours")}
                />
              </RowActionsCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
