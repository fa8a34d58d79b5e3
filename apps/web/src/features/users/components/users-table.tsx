import type { User } from "@conversa/shared";
import Box from "@mui/material/Box";
import LockReset from "@mui/icons-material/LockReset";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { Theme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../components/list/index.ts";

const COLUMNS = 7;
/** Columns left out on phones and small tablets: the e-mail moves under the name. */
const WIDE_ONLY = { display: { xs: "none", md: "table-cell" } } as const;
/** Left out on phones: the status dot moves before the name. */
const SM_UP = { display: { xs: "none", sm: "table-cell" } } as const;
/** On phones only the status dot shows; the word stays for screen readers (1 px, not MUI's 1 = 100%, which widened the page). */
const STATUS_LABEL = {
  position: { xs: "absolute", sm: "static" },
  width: { xs: "1px", sm: "auto" },
  height: { xs: "1px", sm: "auto" },
  overflow: { xs: "hidden", sm: "visible" },
  clip: { xs: "rect(0 0 0 0)", sm: "auto" },
} as const;

interface UsersTableProps {
  users: readonly User[];
  /** The signed-in user: they cannot delete themselves. */
  currentUserId: number;
  /** Whether the signed-in user is a super user: only they change or delete super users (the server enforces it). */
  canChangeSuperUsers: boolean;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Resets the user's two-step verification (shown for users who have it on). */
  onResetTwoFactor: (user: User) => void;
}

/** The queue's colour as the chip's background, with readable text; an unreadable colour keeps the default chip. */
function queueChipColors(theme: Theme, color: string) {
  try {
    return { bgcolor: color, color: theme.palette.getContrastText(color) };
  } catch {
    return {};
  }
}

function OnlineStatus({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const label = t(online ? "users.status.online" : "users.status.offline");
  return (
    <Box title={label} sx={{ display: "inline-flex", alignItems: "center", gap: 1, whiteSpace: "nowrap" }}>
      <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: online ? "success.main" : "action.disabled" }} />
      <Typography variant="body2" component="span" color={online ? "text.primary" : "text.secondary"} sx={STATUS_LABEL}>
        {label}
      </Typography>
    </Box>
  );
}

/** The company's users: name, e-mail, profile, queues, online status, two-step verification and the reset, edit and delete actions. */
export function UsersTable({ users, currentUserId, canChangeSuperUsers, isLoading, isError, onRetry, onEdit, onDelete, onResetTwoFactor }: UsersTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader aria-label={t("menu.users")} sx={{ "& .MuiTableCell-root": { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t("users.columns.name")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("users.columns.email")}</TableCell>
          <TableCell>{t("users.columns.profile")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("users.columns.queues")}</TableCell>
          <TableCell sx={SM_UP}>{t("users.columns.status")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("twoFactor.column")}</TableCell>
          <TableCell align="right">{t("list.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && users.length === 0} onRetry={onRetry} />
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          const superOnly = user.super && !canChangeSuperUsers ? t("users.superOnly") : null;
          return (
            <TableRow key={user.id} hover data-user-id={user.id}>
              <TableCell sx={{ fontWeight: 500, minWidth: 96, maxWidth: 240, overflowWrap: "break-word" }}>
                <Box component="span" sx={{ display: { xs: "inline-flex", sm: "none" }, mr: 0.75, verticalAlign: "middle" }}>
                  <OnlineStatus online={user.online} />
                </Box>
                {user.name}
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: "block", md: "none" }, fontWeight: 400, overflowWrap: "anywhere" }}>
                  {user.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, overflowWrap: "anywhere" }}>{user.email}</TableCell>
              <TableCell>{t(`users.profiles.${user.profile}`)}</TableCell>
              <TableCell sx={WIDE_ONLY}>
                <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                  {user.queues.map((queue) => (
                    <Chip key={queue.id} size="small" label={queue.name} sx={(theme) => queueChipColors(theme, queue.color)} />
                  ))}
                </Box>
              </TableCell>
              <TableCell sx={SM_UP}>
                <OnlineStatus online={user.online} />
              </TableCell>
              <TableCell sx={WIDE_ONLY}>
                <Chip size="small" variant="outlined" color={user.twoFactorEnabled ? "success" : "default"} label={t(user.twoFactorEnabled ? "twoFactor.on" : "twoFactor.off")} />
              </TableCell>
              <RowActionsCell>
                {user.twoFactorEnabled && !superOnly && (
                  <Tooltip title={t("twoFactor.reset")}>
                    <IconButton size="small" aria-label={`${t("twoFactor.reset")}: ${user.name}`} onClick={() => onResetTwoFactor(user)}>
                      <LockReset fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <EditDeleteActions
                  subject={user.name}
                  onEdit={() => onEdit(user)}
                  onDelete={() => onDelete(user)}
                  editBlockedBy={superOnly}
                  deleteBlockedBy={superOnly ?? (isSelf ? t("errors.ERR_CANNOT_DELETE_SELF") : null)}
                />
              </RowActionsCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
