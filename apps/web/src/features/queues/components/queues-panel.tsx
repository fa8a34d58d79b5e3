import { type Actor, type Queue, can } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useDeleteQueue } from "../api/delete-queue.ts";
import { useQueueRecords } from "../api/list-queues.ts";
import { useQueuesLiveUpdates } from "../hooks/use-queues-live-updates.ts";
import { QueueDialog } from "./queue-dialog.tsx";
import { QueuesTable } from "./queues-table.tsx";

/** The Queues page, queues tab (spec admin §2): searchable, endless, live list; add, edit and delete for admins. */
export function QueuesPanel({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  if (!can(actor, "queues-page:edit")) {
    return (
      <PageContainer title={t("queues.title")}>
        <Alert severity="warning">{t("errors.ERR_NO_PERMISSION")}</Alert>
      </PageContainer>
    );
  }
  return <ManageQueues />;
}

function ManageQueues() {
  const { t } = useTranslation();
  const search = useListSearch();
  const queues = useQueueRecords(search.searchParam);
  const deletion = useDeleteQueue();
  useQueuesLiveUpdates();
  const editing = useRecordEditing<Queue>(deletion);

  return (
    <PageContainer title={t("queues.title")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("queues.add")} />
      <InfiniteListArea hasMore={queues.hasMore} isFetchingMore={queues.isFetchingMore} onLoadMore={queues.loadMore} label={t("queues.title")}>
        <QueuesTable
          queues={queues.records}
          isLoading={queues.isLoading}
          isError={queues.isError}
          onRetry={queues.refetch}
          onEdit={editing.edit}
          onDelete={editing.askDelete}
        />
      </InfiniteListArea>
      <QueueDialog open={editing.editor.open} queueId={editing.editor.id} onClose={editing.closeEditor} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("queues.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("queues.confirmDelete.message")}
        confirmLabel={t("queues.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
