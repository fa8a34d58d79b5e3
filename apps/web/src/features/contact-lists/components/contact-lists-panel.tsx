import type { ContactList } from "@conversa/shared";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useDeleteContactList } from "../api/delete-contact-list.ts";
import { useContactListRecords } from "../api/list-contact-lists.ts";
import { useContactListsLiveUpdates } from "../hooks/use-contact-lists-live-updates.ts";
import { ContactListDialog } from "./contact-list-dialog.tsx";
import { ContactListsTable } from "./contact-lists-table.tsx";

/**
 * The Contact lists page (spec admin §2): searchable, endless, live list of the company's lists with
 * their contacts count; each row downloads the example spreadsheet, opens its contacts, edits or deletes.
 */
export function ContactListsPanel({ onOpenContacts }: { onOpenContacts: (list: ContactList) => void }) {
  const { t } = useTranslation();
  const search = useListSearch();
  const lists = useContactListRecords(search.searchParam);
  const deletion = useDeleteContactList();
  useContactListsLiveUpdates();
  const editing = useRecordEditing<ContactList>(deletion);

  return (
    <PageContainer title={t("menu.contactLists")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("contactLists.add")} />
      <InfiniteListArea hasMore={lists.hasMore} isFetchingMore={lists.isFetchingMore} onLoadMore={lists.loadMore} label={t("menu.contactLists")}>
        <ContactListsTable
          lists={lists.records}
          isLoading={lists.isLoading}
          isError={lists.isError}
          onRetry={lists.refetch}
          onOpenContacts={onOpenContacts}
          onEdit={editing.edit}
          onDelete={editing.askDelete}
        />
      </InfiniteListArea>
      <ContactListDialog open={editing.editor.open} contactListId={editing.editor.id} onClose={editing.closeEditor} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("contactLists.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("contactLists.confirmDelete.message")}
        confirmLabel={t("contactLists.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
