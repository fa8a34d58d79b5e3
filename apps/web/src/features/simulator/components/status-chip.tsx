import type { ConnectionStatus } from "@conversa/shared";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

const COLORS: Record<ConnectionStatus, "success" | "warning" | "info" | "error"> = {
  CONNECTED: "success",
  qrcode: "warning",
  PAIRING: "info",
  OPENING: "info",
  DISCONNECTED: "error",
  TIMEOUT: "error",
};

/** A connection's status in words, coloured by whether it works. */
export function StatusChip({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`simulator.statuses.${status}`)} data-status={status} />;
}
