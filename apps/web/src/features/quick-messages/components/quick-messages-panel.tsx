import type { QuickMessage } from "@conversa/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteQuickMessage } from "../api/delete-quick-message.ts";
import { useQuickMessageRecords } from "../api/list-quick-messages.ts";
import { useQuickMessagesLiveUpdates } from "../hooks/use-quick-messages-live-updates.ts";
import { type QuickMessageActor, canEditQuickMessage } from "../utils/quick-message-permissions.ts";
import { QuickMessageDialog } from "./quick-message-dialog.tsx";
import { QuickMessagesTable } from "./quick-messages-table.tsx";

/**
 * The Quick replies page (spec admin §7): the company's shared replies and the user's own, searchable,
 * endless and live; everyone adds, owners edit and delete theirs, admins also the shared ones.
 */
export function QuickMessagesPanel({ actor }: { actor: QuickMessageActor }) {
  const { t } = useTranslation();
  const search = useListSearch();
  const list = useQuickMessageRecords(search.searchParam);
  const deletion = useDeleteQuickMessage();
  useQuickMessagesLiveUpdates();
  // The edited id outlives the closing so the dialog keeps its content while it fades out.
  const [editor, setEditor] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  // Kept after closing so the confirmation keeps its text while it fades out.
  const [toDelete, setToDelete] = useState<QuickMessage | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => showToast(t("list.deleted"), "success"),
      onSettled: () => setIsConfirming(false),
    });
  };

  return (
    <PageContainer title={t("menu.quickMessages")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={() => setEditor({ open: true, id: null })} addLabel={t("quickMessages.add")} />
      <InfiniteListArea hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} label={t("menu.quickMessages")}>
        <QuickMessagesTable
          quickMessages={list.records}
          isLoading={list.isLoading}
          isError={list.isError}
          onRetry={list.refetch}
          canEdit={(quick) => canEditQuickMessage(actor, quick)}
          onEdit={(quick) => setEditor({ open: true, id: quick.id })}
          onDelete={(quick) => {
            setToDelete(quick);
            setIsConfirming(true);
          }}
        />
      </InfiniteListArea>
      <QuickMessageDialog open={editor.open} quickMessageId={editor.id} actor={actor} onClose={() => setEditor((current) => ({ ...current, open: false }))} />
      <ConfirmationDialog
        open={isConfirming}
        title={t("quickMessages.confirmDelete.title", { shortcode: toDelete?.shortcode ?? "" })}
        message={t("quickMessages.confirmDelete.message")}
        confirmLabel={t("quickMessages.confirmDelete.confirm")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirming(false)}
      />
    </PageContainer>
  );
}
