import { type Actor, type TagRecord, can } from "@conversa/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteTag } from "../api/delete-tag.ts";
import { useTagRecords } from "../api/list-tags.ts";
import { useTagsLiveUpdates } from "../hooks/use-tags-live-updates.ts";
import { TagDialog } from "./tag-dialog.tsx";
import { TagsTable } from "./tags-table.tsx";

/**
 * The Tags page (spec admin §2): searchable, endless, live list with add, edit and delete for every
 * user; only admins ("tags:kanban") see the kanban switch.
 */
export function TagsPanel({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const search = useListSearch();
  const tags = useTagRecords(search.searchParam);
  const deletion = useDeleteTag();
  useTagsLiveUpdates();
  // The edited id outlives the closing so the dialog keeps its content while it fades out.
  const [editor, setEditor] = useState<{ open: boolean; tagId: number | null }>({ open: false, tagId: null });
  // Kept after closing so the confirmation keeps its text while it fades out.
  const [toDelete, setToDelete] = useState<TagRecord | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => showToast(t("list.deleted"), "success"),
      onSettled: () => setIsConfirming(false),
    });
  };

  return (
    <PageContainer title={t("menu.tags")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={() => setEditor({ open: true, tagId: null })} addLabel={t("tags.add")} />
      <InfiniteListArea hasMore={tags.hasMore} isFetchingMore={tags.isFetchingMore} onLoadMore={tags.loadMore} label={t("menu.tags")}>
        <TagsTable
          tags={tags.records}
          isLoading={tags.isLoading}
          isError={tags.isError}
          onRetry={tags.refetch}
          onEdit={(tag) => setEditor({ open: true, tagId: tag.id })}
          onDelete={(tag) => {
            setToDelete(tag);
            setIsConfirming(true);
          }}
        />
      </InfiniteListArea>
      <TagDialog open={editor.open} tagId={editor.tagId} canSetKanban={can(actor, "tags:kanban")} onClose={() => setEditor((current) => ({ ...current, open: false }))} />
      <ConfirmationDialog
        open={isConfirming}
        title={t("tags.confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("tags.confirmDelete.message")}
        confirmLabel={t("tags.confirmDelete.confirm")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirming(false)}
      />
    </PageContainer>
  );
}
