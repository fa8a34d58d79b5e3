import PhoneIphone from "@mui/icons-material/PhoneIphone";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { useSimulatorConnections } from "../api/list-simulator-connections.ts";
import { useSimulatorLiveUpdates } from "../hooks/use-simulator-live-updates.ts";
import { EMPTY_CUSTOMER, type SimulatedCustomer, chatNumberOf } from "../utils/customer.ts";
import { ChatThread } from "./chat-thread.tsx";
import { ConnectionPanel } from "./connection-panel.tsx";
import { ConnectionPicker } from "./connection-picker.tsx";
import { CustomerPanel } from "./customer-panel.tsx";
import { MessageComposer } from "./message-composer.tsx";

/**
 * The simulator (admins only: the page mounts it for them alone): pick a simulator connection of the company
 * (kept in `?connection=`), play its phone (QR scan, failures) and its customers (conversations, composer).
 */
export function SimulatorWorkspace() {
  const { t } = useTranslation();
  useSimulatorLiveUpdates();
  const connections = useSimulatorConnections();
  const [searchParams, setSearchParams] = useSearchParams();
  const [customer, setCustomer] = useState<SimulatedCustomer>(EMPTY_CUSTOMER);

  if (connections.isPending) return <PageLoader />;
  if (connections.isError) return <Alert severity="error">{t("simulator.loadError")}</Alert>;
  if (connections.data.length === 0) return <EmptyState icon={<PhoneIphone />} message={t("simulator.noConnections")} />;

  const wanted = Number(searchParams.get("connection"));
  const connection = connections.data.find((c) => c.id === wanted) ?? connections.data[0];
  if (!connection) return null;
  const chatNumber = chatNumberOf(customer);
  const chatTitle = customer.group ? customer.group.name || customer.group.id : customer.name || customer.number;

  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 0 }}>
      <Box>
        <ConnectionPicker connections={connections.data} value={connection.id} onChange={(id) => setSearchParams({ connection: String(id) }, { replace: true })} />
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(300px, 380px) 1fr" }, flex: 1, minHeight: 0 }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <ConnectionPanel connection={connection} />
          <CustomerPanel connectionId={connection.id} customer={customer} onChange={setCustomer} />
        </Stack>
        <Paper variant="outlined" sx={{ display: "flex", flexDirection: "column", minHeight: { xs: 480, md: 560 }, maxHeight: { md: "calc(100vh - 200px)" }, overflow: "hidden" }}>
          {chatNumber ? (
            <ChatThread key={`${connection.id}:${chatNumber}`} connectionId={connection.id} chatNumber={chatNumber} title={chatTitle} />
          ) : (
            <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: 3 }}>
              <Typography color="text.secondary">{t("simulator.pickCustomer")}</Typography>
            </Box>
          )}
          <MessageComposer connectionId={connection.id} customer={customer} />
        </Paper>
      </Box>
    </Stack>
  );
}
