import type { ContactListItem } from "@conversa/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import UploadFile from "@mui/icons-material/UploadFile";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useDeleteListContact } from "../api/delete-list-contact.ts";
import { useContactList } from "../api/get-contact-list.ts";
import { useListContactRecords } from "../api/list-list-contacts.ts";
import { useListContactsLiveUpdates } from "../hooks/use-contact-lists-live-updates.ts";
import { ImportListContacts } from "./import-list-contacts.tsx";
import { ListContactDialog } from "./list-contact-dialog.tsx";
import { ListContactsTable } from "./list-contacts-table.tsx";

interface ListContactsPanelProps {
  contactListId: number;
  /** contacts-page:deleteContact: the delete action is shown. */
  canDelete: boolean;
  onBack: () => void;
}

/**
 * The contacts of one list (spec admin §2): the list's name, search, back, spreadsheet import
 * (confirmed first, with the example), add; an endless, live table whose validity icons change as
 * the numbers are checked.
 */
export function ListContactsPanel({ contactListId, canDelete, onBack }: ListContactsPanelProps) {
  const { t } = useTranslation();
  const list = useContactList(contactListId);
  const search = useListSearch();
  const contacts = useListContactRecords(contactListId, search.searchParam);
  const deletion = useDeleteListContact();
  useListContactsLiveUpdates();
  const editing = useRecordEditing<ContactListItem>(deletion);
  const [isImporting, setIsImporting] = useState(false);
  const title = list.data ? t("listContacts.title", { name: list.data.name }) : t("pages.contactListContacts");

  return (
    <PageContainer
      title={title}
      actions={
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          {t("listContacts.back")}
        </Button>
      }
    >
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("listContacts.add")}>
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setIsImporting(true)}>
          {t("listContacts.import.button")}
        </Button>
      </ListToolbar>
      <InfiniteListArea hasMore={contacts.hasMore} isFetchingMore={contacts.isFetchingMore} onLoadMore={contacts.loadMore} label={title}>
        <ListContactsTable
          contacts={contacts.records}
          isLoading={contacts.isLoading}
          isError={contacts.isError}
          onRetry={contacts.refetch}
          onEdit={editing.edit}
          {...(canDelete ? { onDelete: editing.askDelete } : {})}
        />
      </InfiniteListArea>
      <ListContactDialog open={editing.editor.open} contactListId={contactListId} itemId={editing.editor.id} onClose={editing.closeEditor} />
      <ImportListContacts open={isImporting} contactListId={contactListId} onClose={() => setIsImporting(false)} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("listContacts.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("listContacts.confirmDelete.message")}
        confirmLabel={t("listContacts.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
