import { type Actor, type TagRecord, can } from "@conversa/shared";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useDeleteTag } from "../api/delete-tag.ts";
import { useTagRecords } from "../api/list-tags.ts";
import { useTagsLiveUpdates } from "../hooks/use-tags-live-updates.ts";
import { TagDialog } from "./tag-dialog.tsx";
import { TagsTable } from "./tags-table.tsx";

/**
 * The Tags page (spec admin §2): searchable, endless, live list. Add, edit and delete are for those who
 * manage tags ("tags:manage": admins); supervisors ("tags:kanban") edit the kanban flag alone; others only
 * see the list. Only admins and supervisors see the kanban switch.
 */
export function TagsPanel({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const search = useListSearch();
  const tags = useTagRecords(search.searchParam);
  const deletion = useDeleteTag();
  useTagsLiveUpdates();
  const editing = useRecordEditing<TagRecord>(deletion);
  const canManage = can(actor, "tags:manage");
  const canSetKanban = can(actor, "tags:kanban");

  return (
    <PageContainer title={t("menu.tags")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} {...(canManage ? { onAdd: editing.add } : {})} addLabel={t("tags.add")} />
      <InfiniteListArea hasMore={tags.hasMore} isFetchingMore={tags.isFetchingMore} onLoadMore={tags.loadMore} label={t("menu.tags")}>
        <TagsTable
          tags={tags.records}
          isLoading={tags.isLoading}
          isError={tags.isError}
          onRetry={tags.refetch}
          {...(canManage ? { onEdit: editing.edit, onDelete: editing.askDelete } : canSetKanban ? { onEdit: editing.edit } : {})}
        />
      </InfiniteListArea>
      <TagDialog open={editing.editor.open} tagId={editing.editor.id} canSetKanban={canSetKanban} kanbanOnly={!canManage} onClose={editing.closeEditor} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("tags.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("tags.confirmDelete.message")}
        confirmLabel={t("tags.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
