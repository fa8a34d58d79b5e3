import type { Connection } from "@conversa/shared";
import Star from "@mui/icons-material/Star";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import type { SessionCommand } from "../api/connection-session.ts";
import { ConnectionStatusLabel } from "./connection-status.tsx";
import { SessionActionButtons } from "./session-action-buttons.tsx";
import { EditDeleteActions, RowActionsCell } from "../../../components/list/index.ts";

interface ConnectionsTableProps {
  connections: readonly Connection[];
  /** Show the session buttons (connections-page:actionButtons). */
  canUseSessionActions: boolean;
  /** Show edit and delete (connections-page:editOrDeleteConnection). */
  canEdit: boolean;
  /** Id of the connection whose session command is running. */
  busyId: number | null;
  onShowQr: (connection: Connection) => void;
  onSessionCommand: (connection: Connection, command: Exclude<SessionCommand, "disconnect">) => void;
  onDisconnect: (connection: Connection) => void;
  onEdit: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
}

/** The company's connections: name, status, session buttons, number, default star, last update, actions. */
export function ConnectionsTable(props: ConnectionsTableProps) {
  const { connections, canUseSessionActions, canEdit, busyId } = props;
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t("menu.connections")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("connections.columns.name")}</TableCell>
            <TableCell>{t("connections.columns.status")}</TableCell>
            {canUseSessionActions ? <TableCell>{t("connections.columns.session")}</TableCell> : null}
            <TableCell>{t("connections.columns.number")}</TableCell>
            <TableCell align="center">{t("connections.columns.isDefault")}</TableCell>
            <TableCell>{t("connections.columns.updatedAt")}</TableCell>
            {canEdit ? <TableCell align="right">{t("connections.columns.actions")}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {connections.map((connection) => (
            <TableRow key={connection.id} hover data-connection-id={connection.id}>
              <TableCell sx={{ fontWeight: 500 }}>{connection.name}</TableCell>
              <TableCell>
                <ConnectionStatusLabel status={connection.status} reason={connection.statusReason} />
              </TableCell>
              {canUseSessionActions ? (
                <TableCell>
                  <SessionActionButtons
                    connection={connection}
                    busy={busyId === connection.id}
                    onShowQr={props.onShowQr}
                    onCommand={props.onSessionCommand}
                    onDisconnect={props.onDisconnect}
                  />
                </TableCell>
              ) : null}
              <TableCell>{connection.number ?? "—"}</TableCell>
              <TableCell align="center">
                {connection.isDefault ? <Star color="warning" titleAccess={t("connections.isDefault")} /> : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(connection.updatedAt, DATE_PATTERNS.dateTime, language)}</TableCell>
              {canEdit ? (
                <RowActionsCell>
                  <EditDeleteActions
                    subject={connection.name}
                    editLabel={t("connections.actions.edit")}
                    deleteLabel={t("connections.actions.delete")}
                    onEdit={() => props.onEdit(connection)}
                    onDelete={() => props.onDelete(connection)}
                  />
                </RowActionsCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
