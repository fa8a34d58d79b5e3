import { type Actor, type Queue, can } from "@conversa/shared";
import RefreshIcon from "@mui/icons-material/Refresh";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteQueue } from "../api/delete-queue.ts";
import { useQueueRecords } from "../api/list-queues.ts";
import { useQueuesMetrics } from "../api/queue-distribution.ts";
import type { StoreFilter } from "../api/query-keys.ts";
import { useStores } from "../api/stores.ts";
import { useQueuesLiveUpdates } from "../hooks/use-queues-live-updates.ts";
import { LogsTab } from "./distribution/logs-tab.tsx";
import { QueueConfigDialog, QueueInsightsDialog } from "./distribution/queue-panels.tsx";
import { RulesTab } from "./distribution/rules-tab.tsx";
import { StoresTab } from "./distribution/stores-tab.tsx";
import { QueueDialog } from "./queue-dialog.tsx";
import { QueuesTable } from "./queues-table.tsx";

type PageTab = "queues" | "rules" | "logs" | "stores";
const TABS: readonly PageTab[] = ["queues", "rules", "logs", "stores"];

/**
 * The Queues page (spec admin §2): tabs queues, rules, distribution logs and stores. Admins and
 * supervisors ("distribution:manage"); only admins add, edit and delete queues ("queues-page:edit").
 */
export function QueuesPanel({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PageTab>("queues");
  if (!can(actor, "distribution:manage")) {
    return (
      <PageContainer title={t("queues.title")}>
        <Alert severity="warning">{t("errors.ERR_NO_PERMISSION")}</Alert>
      </PageContainer>
    );
  }
  return (
    <PageContainer title={t("queues.title")}>
      <Tabs value={tab} onChange={(_event, value: PageTab) => setTab(value)} sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }} variant="scrollable" aria-label={t("queues.title")}>
        {TABS.map((value) => (
          <Tab key={value} value={value} label={t(`distribution.tabs.${value}`)} />
        ))}
      </Tabs>
      {tab === "queues" ? <ManageQueues canEdit={can(actor, "queues-page:edit")} /> : null}
      {tab === "rules" ? <RulesTab /> : null}
      {tab === "logs" ? <LogsTab /> : null}
      {tab === "stores" ? <StoresTab /> : null}
    </PageContainer>
  );
}

function ManageQueues({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const search = useListSearch();
  const [storeFilter, setStoreFilter] = useState<StoreFilter>("all");
  const stores = useStores();
  const queues = useQueueRecords(search.searchParam, storeFilter);
  const metrics = useQueuesMetrics();
  const deletion = useDeleteQueue();
  useQueuesLiveUpdates();
  const editing = useRecordEditing<Queue>(deletion);
  const [insights, setInsights] = useState<Queue | null>(null);
  const [config, setConfig] = useState<Queue | null>(null);

  useEffect(() => {
    if (stores.isError || queues.isError) showToast(t("distribution.toasts.loadFailed"), "error");
  }, [stores.isError, queues.isError, t]);

  return (
    <>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={canEdit ? editing.add : undefined} addLabel={t("queues.add")}>
        <TextField
          select
          size="small"
          label={t("distribution.storeFilter.label")}
          value={String(storeFilter)}
          onChange={(event) => setStoreFilter(event.target.value === "all" || event.target.value === "none" ? event.target.value : Number(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t("distribution.storeFilter.all")}</MenuItem>
          <MenuItem value="none">{t("distribution.storeFilter.none")}</MenuItem>
          {(stores.data ?? []).map((store) => (
            <MenuItem key={store.id} value={String(store.id)}>
              {store.name}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Button startIcon={<RefreshIcon />} onClick={() => void metrics.refetch()} loading={metrics.isFetching}>
            {t("distribution.refreshMetrics")}
          </Button>
        </Box>
      </ListToolbar>
      <InfiniteListArea hasMore={queues.hasMore} isFetchingMore={queues.isFetchingMore} onLoadMore={queues.loadMore} label={t("queues.title")}>
        <QueuesTable
          queues={queues.records}
          isLoading={queues.isLoading}
          isError={queues.isError}
          onRetry={queues.refetch}
          onEdit={canEdit ? editing.edit : undefined}
          onDelete={canEdit ? editing.askDelete : undefined}
          metrics={metrics.data}
          stores={stores.data}
          onInsights={setInsights}
          onConfig={setConfig}
        />
      </InfiniteListArea>
      <QueueDialog open={editing.editor.open} queueId={editing.editor.id} onClose={editing.closeEditor} />
      {insights ? <QueueInsightsDialog queue={insights} onClose={() => setInsights(null)} /> : null}
      {config ? <QueueConfigDialog queue={config} onClose={() => setConfig(null)} /> : null}
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("queues.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("queues.confirmDelete.message")}
        confirmLabel={t("queues.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </>
  );
}
