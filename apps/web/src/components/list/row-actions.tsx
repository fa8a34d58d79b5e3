import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import IconButton from "@mui/material/IconButton";
import TableCell from "@mui/material/TableCell";
import Tooltip from "@mui/material/Tooltip";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The last cell of a list row: its action buttons, right-aligned on one line. It stays pinned to the list's right
 * edge, so that on a narrow screen (a phone) the actions are at hand without scrolling the table sideways.
 */
export function RowActionsCell({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <TableCell
      align="right"
      sx={[
        { whiteSpace: "nowrap", position: "sticky", right: 0, zIndex: 1, bgcolor: "background.paper", boxShadow: (theme) => `-6px 0 6px -6px ${theme.palette.divider}` },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </TableCell>
  );
}

interface RowActionProps {
  /** What the button does ("Editar"); with `subject`, its accessible name ("Editar: Maria"). */
  label: string;
  subject: string;
  icon: ReactNode;
  onClick: () => void;
  /** Why the action is not allowed on this row: the button is disabled and its tooltip says why. */
  blockedBy?: string | null;
}

/** One icon button of a row, with a tooltip (kept on a disabled button by the wrapping span). */
export function RowAction({ label, subject, icon, onClick, blockedBy }: RowActionProps) {
  return (
    <Tooltip title={blockedBy ?? label}>
      <span>
        <IconButton size="small" aria-label={`${label}: ${subject}`} disabled={Boolean(blockedBy)} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

interface EditDeleteActionsProps {
  subject: string;
  onEdit: () => void;
  /** Absent: the row has no delete button. */
  onDelete?: () => void;
  editLabel?: string;
  deleteLabel?: string;
  editBlockedBy?: string | null;
  deleteBlockedBy?: string | null;
}

/** The edit and delete buttons every list row carries. */
export function EditDeleteActions({ subject, onEdit, onDelete, editLabel, deleteLabel, editBlockedBy, deleteBlockedBy }: EditDeleteActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <RowAction label={editLabel ?? t("list.edit")} subject={subject} icon={<Edit fontSize="small" />} onClick={onEdit} blockedBy={editBlockedBy} />
      {onDelete ? (
        <RowAction label={deleteLabel ?? t("list.delete")} subject={subject} icon={<DeleteOutline fontSize="small" />} onClick={onDelete} blockedBy={deleteBlockedBy} />
      ) : null}
    </>
  );
}
