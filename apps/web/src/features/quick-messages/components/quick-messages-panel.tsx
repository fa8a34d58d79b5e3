import type { QuickMessage } from "@conversa/shared";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
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
  const editing = useRecordEditing<QuickMessage>(deletion);

  return (
    <PageContainer title={t("menu.quickMessages")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("quickMessages.add")} />
      <InfiniteListArea hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} label={t("menu.quickMessages")}>
        <QuickMessagesTable
          quickMessages={list.records}
          isLoading={list.isLoading}
          isError={list.isError}
          onRetry={list.refetch}
          canEdit={(quick) => canEditQuickMessage(actor, quick)}
          onEdit={editing.edit}
          onDelete={editing.askDelete}
        />
      </InfiniteListArea>
      <QuickMessageDialog open={editing.editor.open} quickMessageId={editing.editor.id} actor={actor} onClose={editing.closeEditor} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("quickMessages.confirmDelete.title", { shortcode: editing.toDelete?.shortcode ?? "" })}
        message={t("quickMessages.confirmDelete.message")}
        confirmLabel={t("quickMessages.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
