import type { Announcement } from "@conversa/shared";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useDeleteAnnouncement } from "../api/delete-announcement.ts";
import { useAnnouncementRecords } from "../api/list-announcements.ts";
import { useAnnouncementsLiveUpdates } from "../hooks/use-announcements-live-updates.ts";
import { AnnouncementDialog } from "./announcement-dialog.tsx";
import { AnnouncementsTable } from "./announcements-table.tsx";

/**
 * The Announcements page of super users (spec admin §2): every announcement of the installation,
 * active or not, searchable, endless and live; add, edit and delete.
 */
export function AnnouncementsPanel() {
  const { t } = useTranslation();
  const search = useListSearch();
  const list = useAnnouncementRecords(search.searchParam);
  const deletion = useDeleteAnnouncement();
  useAnnouncementsLiveUpdates();
  const editing = useRecordEditing<Announcement>(deletion);

  return (
    <PageContainer title={t("menu.announcements")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("announcements.add")} />
      <InfiniteListArea hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} label={t("menu.announcements")}>
        <AnnouncementsTable
          announcements={list.records}
          isLoading={list.isLoading}
          isError={list.isError}
          onRetry={list.refetch}
          onEdit={editing.edit}
          onDelete={editing.askDelete}
        />
      </InfiniteListArea>
      <AnnouncementDialog open={editing.editor.open} announcementId={editing.editor.id} onClose={editing.closeEditor} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("announcements.confirmDelete.title", { title: editing.toDelete?.title ?? "" })}
        message={t("announcements.confirmDelete.message")}
        confirmLabel={t("announcements.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
