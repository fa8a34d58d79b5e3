import { TIMINGS } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useEffectEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSessionCommand } from "../api/connection-session.ts";
import { useConnection } from "../api/get-connection.ts";
import { useConnectionsLiveUpdates } from "../hooks/use-connections-live-updates.ts";

interface QrCodeDialogProps {
  /** The connection whose QR code is shown; null keeps the dialog closed. */
  connectionId: number | null;
  onClose: () => void;
}

/**
 * The QR code of a connection waiting to be paired. Polls the connection every 2000 ms and follows
 * the live session events (spec core §4); closes itself once the session is CONNECTED.
 */
export function QrCodeDialog({ connectionId, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const open = connectionId !== null;
  const { data } = useConnection(connectionId, { pollMs: TIMINGS.qrPollMs });
  useConnectionsLiveUpdates(open);

  const closeWhenConnected = useEffectEvent(() => onClose());
  const isConnected = open && data?.status === "CONNECTED";
  useEffect(() => {
    if (isConnected) closeWhenConnected();
  }, [isConnected]);

  const qrcode = data?.status === "qrcode" ? data.qrcode : null;
  // A QR code lasts about two minutes; once the session gave up waiting for a scan, offer a new one here.
  const renew = useSessionCommand();
  const renewId = connectionId !== null && (data?.status === "TIMEOUT" || data?.status === "DISCONNECTED") ? connectionId : null;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{t("connections.qr.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: "center" }}>
          <Typography variant="body2" color="text.secondary">
            {t("connections.qr.instructions")}
          </Typography>
          {qrcode ? (
            // A white frame keeps the code readable by a phone in the dark theme too.
            <Box sx={{ p: 2, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }}>
              <QRCodeSVG value={qrcode} size={264} marginSize={0} title={t("connections.qr.code", { name: data?.name ?? "" })} role="img" aria-label={t("connections.qr.code", { name: data?.name ?? "" })} />
            </Box>
          ) : (
            <Stack spacing={2} sx={{ alignItems: "center", py: 6 }}>
              <CircularProgress />
              <Typography>
                {data && data.status !== "qrcode" && data.status !== "OPENING" ? t(`connections.status.${data.status}`) : t("connections.qr.waiting")}
              </Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {renewId !== null && (
          <Button variant="contained" loading={renew.isPending} onClick={() => renew.mutate({ id: renewId, command: "renewQr" })}>
            {t("connections.actions.newQr")}
          </Button>
        )}
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
