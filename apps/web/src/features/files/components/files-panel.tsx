import { type Actor, type FileList, can } from "@conversa/shared";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useDeleteFileList } from "../api/delete-file-list.ts";
import { useFileListRecords } from "../api/list-file-lists.ts";
import { useFileListsLiveUpdates } from "../hooks/use-file-lists-live-updates.ts";
import { FileListDialog } from "./file-list-dialog.tsx";
import { FileListsTable } from "./file-lists-table.tsx";

/**
 * The Files page (spec admin §2): searchable, endless, live list of the company's file lists (the files
 * a campaign sends after its message). Add, edit and delete are for those who manage files ("files:manage": admins).
 */
export function FilesPanel({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const search = useListSearch();
  const lists = useFileListRecords(search.searchParam);
  const deletion = useDeleteFileList();
  useFileListsLiveUpdates();
  const editing = useRecordEditing<FileList>(deletion);
  const canManage = can(actor, "files:manage");

  return (
    <PageContainer title={t("menu.files")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} {...(canManage ? { onAdd: editing.add } : {})} addLabel={t("fileLists.add")} />
      <InfiniteListArea hasMore={lists.hasMore} isFetchingMore={lists.isFetchingMore} onLoadMore={lists.loadMore} label={t("menu.files")}>
        <FileListsTable
          lists={lists.records}
          isLoading={lists.isLoading}
          isError={lists.isError}
          onRetry={lists.refetch}
          {...(canManage ? { onEdit: editing.edit, onDelete: editing.askDelete } : {})}
        />
      </InfiniteListArea>
      <FileListDialog open={editing.editor.open} fileListId={editing.editor.id} onClose={editing.closeEditor} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("fileLists.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("fileLists.confirmDelete.message")}
        confirmLabel={t("fileLists.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
