import { type SimulatorConnection, ZSimulatorPhone } from "@conversa/shared";
import QrCode2 from "@mui/icons-material/QrCode2";
import WifiOff from "@mui/icons-material/WifiOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showFormError, stateFormFields } from "../../../lib/form-errors.ts";
import { useDropNetwork } from "../api/drop-network.ts";
import { useRenewQrCode } from "../api/renew-qr-code.ts";
import { useScanQrCode } from "../api/scan-qr-code.ts";
import { useSetRefuseSends } from "../api/set-refuse-sends.ts";
import { StatusChip } from "./status-chip.tsx";

/** The company's phone: its status, the QR code to scan and the failure switches. */
export function ConnectionPanel({ connection }: { connection: SimulatorConnection }) {
  const { t } = useTranslation();
  const [scanNumber, setScanNumber] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const scan = useScanQrCode(connection.id);
  const drop = useDropNetwork(connection.id);
  const refuse = useSetRefuseSends(connection.id);
  const renew = useRenewQrCode(connection.id);
  const isQrExpired = connection.status === "TIMEOUT" || connection.status === "DISCONNECTED";
  const isNumberValid = ZSimulatorPhone.safeParse(scanNumber).success;

  const onScan = (event: FormEvent) => {
    event.preventDefault();
    if (!connection.qrcode || !isNumberValid) return;
    setRefusal(null);
    scan.mutate(
      { qrcode: connection.qrcode, number: scanNumber },
      // The catalogue's toast, and a refused number under its field.
      { onError: (error) => showFormError(error, stateFormFields(["number"], (_field, message) => setRefusal(message))) },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="simulator-phone-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography id="simulator-phone-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t("simulator.status")}
        </Typography>
        <StatusChip status={connection.status} />
      </Stack>
      {connection.number ? (
        <Typography variant="body2" color="text.secondary">
          {t("simulator.phoneNumber", { number: connection.number })}
        </Typography>
      ) : null}
      {!connection.isRunning ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t("simulator.notRunning")}
        </Alert>
      ) : null}

      {isQrExpired ? (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" loading={renew.isPending} onClick={() => renew.mutate()}>
              {t("simulator.renewQr")}
            </Button>
          }
        >
          {t("simulator.qrExpired")}
        </Alert>
      ) : null}

      {connection.status === "qrcode" && connection.qrcode ? (
        <Box component="form" noValidate onSubmit={onScan} sx={{ mt: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
            <QrCode2 fontSize="small" />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t("simulator.qrTitle")}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t("simulator.qrAttempt", { retries: connection.retries + 1 })}
            </Typography>
          </Stack>
          <Box
            component="code"
            aria-label={t("simulator.qrTitle")}
            sx={{ display: "block", p: 1, mb: 2, borderRadius: 1, bgcolor: "action.hover", fontFamily: "monospace", fontSize: 12, wordBreak: "break-all" }}
          >
            {connection.qrcode}
          </Box>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
            <TextField
              size="small"
              label={t("simulator.scanNumber")}
              value={scanNumber}
              onChange={(event) => {
                setScanNumber(event.target.value.replace(/\D/g, ""));
                setRefusal(null);
              }}
              helperText={refusal ?? t("simulator.numberHint")}
              error={refusal !== null || (scanNumber !== "" && !isNumberValid)}
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 15 } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" disabled={!isNumberValid} loading={scan.isPending} sx={{ alignSelf: "flex-start" }}>
              {t("simulator.scan")}
            </Button>
          </Stack>
        </Box>
      ) : null}

      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t("simulator.failures")}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Button size="small" variant="outlined" color="error" startIcon={<WifiOff />} disabled={!connection.isRunning} loading={drop.isPending} onClick={() => drop.mutate()}>
          {t("simulator.dropNetwork")}
        </Button>
        <FormControlLabel
          control={<Switch checked={connection.refuseSends} disabled={refuse.isPending} onChange={(event) => refuse.mutate(event.target.checked)} />}
          label={t("simulator.refuseSends")}
        />
      </Stack>
    </Paper>
  );
}
