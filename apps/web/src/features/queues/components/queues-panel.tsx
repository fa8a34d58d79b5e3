import { type Actor, type Queue, can } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast } from "../../../lib/toast.ts";
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
  // The edited id outlives the closing so the dialog keeps its content while it fades out.
  const [editor, setEditor] = useState<{ open: boolean; queueId: number | null }>({ open: false, queueId: null });
  // Kept after closing so the confirmation keeps its text while it fades out.
  const [toDelete, setToDelete] = useState<Queue | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => showToast(t("list.deleted"), "success"),
      onSettled: () => setIsConfirming(false),
    });
  };

  return (
    <PageContainer title={t("queues.title")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={() => setEditor({ open: true, queueId: null })} addLabel={t("queues.add")} />
      <InfiniteListArea hasMore={queues.hasMore} isFetchingMore={queues.isFetchingMore} onLoadMore={queues.loadMore} label={t("queues.title")}>
        <QueuesTable
          queues={queues.records}
          isLoading={queues.isLoading}
          isError={queues.isError}
          onRetry={queues.refetch}
          onEdit={(queue) => setEditor({ open: true, queueId: queue.id })}
          onDelete={(queue) => {
            setToDelete(queue);
            setIsConfirming(true);
          }}
        />
      </InfiniteListArea>
      <QueueDialog open={editor.open} queueId={editor.queueId} onClose={() => setEditor((current) => ({ ...current, open: false }))} />
      <ConfirmationDialog
        open={isConfirming}
        title={t("queues.confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("queues.confirmDelete.message")}
        confirmLabel={t("queues.confirmDelete.confirm")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirming(false)}
      />
    </PageContainer>
  );
}
