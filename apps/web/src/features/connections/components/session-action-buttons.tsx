import type { Connection } from "@conversa/shared";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import type { SessionCommand } from "../api/connection-session.ts";
import { sessionActionsFor } from "../utils/session-actions.ts";

interface SessionActionButtonsProps {
  connection: Connection;
  /** A command of this connection is running: its buttons wait. */
  busy: boolean;
  onShowQr: (connection: Connection) => void;
  onCommand: (connection: Connection, command: Exclude<SessionCommand, "disconnect">) => void;
  /** Disconnect asks for confirmation first. */
  onDisconnect: (connection: Connection) => void;
}

/** The session buttons of one connection, by its status (spec core §4). */
export function SessionActionButtons({ connection, busy, onShowQr, onCommand, onDisconnect }: SessionActionButtonsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
      {sessionActionsFor(connection.status, connection.provider).map((action) => {
        switch (action) {
          case "showQr":
            return (
              <Button key={action} size="small" variant="contained" onClick={() => onShowQr(connection)}>
                {t("connections.actions.showQr")}
              </Button>
            );
          case "retry":
            return (
              <Button key={action} size="small" variant="outlined" loading={busy} onClick={() => onCommand(connection, "start")}>
                {t("connections.actions.retry")}
              </Button>
            );
          case "newQr":
            return (
              <Button key={action} size="small" variant="contained" disabled={busy} onClick={() => onCommand(connection, "renewQr")}>
                {t("connections.actions.newQr")}
              </Button>
            );
          case "disconnect":
            return (
              <Button key={action} size="small" variant="outlined" color="error" disabled={busy} onClick={() => onDisconnect(connection)}>
                {t("connections.actions.disconnect")}
              </Button>
            );
          case "connecting":
            return (
              <Button key={action} size="small" variant="outlined" disabled>
                {t("connections.actions.connecting")}
              </Button>
            );
        }
      })}
    </Stack>
  );
}
