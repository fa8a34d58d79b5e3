import type { ConnectionStatus, ErrorCode } from "@conversa/shared";
import CheckCircle from "@mui/icons-material/CheckCircle";
import CropFree from "@mui/icons-material/CropFree";
import LinkOff from "@mui/icons-material/LinkOff";
import PhonelinkRing from "@mui/icons-material/PhonelinkRing";
import TimerOff from "@mui/icons-material/TimerOff";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const ICONS: Record<ConnectionStatus, ReactNode> = {
  CONNECTED: <CheckCircle fontSize="small" color="success" />,
  qrcode: <CropFree fontSize="small" color="warning" />,
  PAIRING: <PhonelinkRing fontSize="small" color="info" />,
  DISCONNECTED: <LinkOff fontSize="small" color="error" />,
  TIMEOUT: <TimerOff fontSize="small" color="error" />,
  OPENING: <CircularProgress size={16} />,
};

/**
 * A connection's status as an icon and its label, with a hint of what to do in a tooltip; when the network
 * said why it is disconnected (the official line: a refused token, an unknown number), the reason under it.
 */
export function ConnectionStatusLabel({ status, reason = null }: { status: ConnectionStatus; reason?: ErrorCode | null }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Tooltip title={t(`connections.statusHelp.${status}`)}>
        <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }} data-status={status}>
          <Box component="span" aria-hidden sx={{ display: "inline-flex", width: 20, justifyContent: "center" }}>
            {ICONS[status]}
          </Box>
          <Typography variant="body2" component="span">
            {t(`connections.status.${status}`)}
          </Typography>
        </Box>
      </Tooltip>
      {status === "DISCONNECTED" && reason ? (
        <Typography variant="caption" color="error" component="p" sx={{ maxWidth: 320 }}>
          {t(`errors.${reason}`)}
        </Typography>
      ) : null}
    </Box>
  );
}
