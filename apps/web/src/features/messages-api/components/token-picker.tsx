import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useFetchConnectionToken, useTokenConnections } from "../api/connection-tokens.ts";
import { CodeBlock } from "./code-block.tsx";

/** Picks one of the company's connections and shows its API token, which the test forms then use. */
export function TokenPicker({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useTranslation();
  const connections = useTokenConnections();
  const fetchToken = useFetchConnectionToken();
  const [picked, setPicked] = useState("");
  const pick = (value: string) => {
    setPicked(value);
    fetchToken.mutate(Number(value), { onSuccess: (token) => token && onToken(token) });
  };
  return (
    <Stack spacing={1}>
      <TextField select size="small" label={t("messagesApi.picker.connection")} value={picked} onChange={(event) => pick(event.target.value)} sx={{ maxWidth: 480 }}>
        {(connections.data ?? []).map((connection) => (
          <MenuItem key={connection.id} value={String(connection.id)}>
            {connection.hasToken ? connection.name : `${connection.name} (${t("messagesApi.picker.withoutToken")})`}
          </MenuItem>
        ))}
      </TextField>
      {fetchToken.isSuccess && fetchToken.data && <CodeBlock label={t("messagesApi.picker.token")} code={fetchToken.data} />}
      {fetchToken.isSuccess && !fetchToken.data && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/connections" color="inherit" size="small">
              {t("messagesApi.picker.openConnections")}
            </Button>
          }
        >
          {t("messagesApi.picker.noToken")} {t("messagesApi.picker.noTokenSteps")}
        </Alert>
      )}
      {fetchToken.isError && <Alert severity="error">{t("messagesApi.picker.failed")}</Alert>}
    </Stack>
  );
}
