import type { Contact } from "@conversa/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteContact } from "../api/delete-contact.ts";
import { useExportContacts } from "../api/export-contacts.ts";
import { useContactRecords } from "../api/list-contacts.ts";
import { useContactsLiveUpdates } from "../hooks/use-contacts-live-updates.ts";
import { type ContactListFilter, isRangeReversed } from "../utils/contact-filter.ts";
import { downloadBlob } from "../utils/download.ts";
import { ContactDialog } from "./contact-dialog.tsx";
import { DateRangeFilter, ImportExportButtons } from "./contacts-actions.tsx";
import { ContactsTable } from "./contacts-table.tsx";
import { ImportPhoneDialog } from "./import-phone-dialog.tsx";
import { ImportSpreadsheetDialog } from "./import-spreadsheet-dialog.tsx";

interface ContactsPanelProps {
  /** contacts-page:deleteContact: the delete action is shown. */
  canDelete: boolean;
  /** The row's WhatsApp action: the page opens a new ticket for the contact. */
  onOpenTicket: (contact: Contact) => void;
}

/**
 * The Contacts page (core §2): searchable, date-filtered, endless and live list with add, edit,
 * delete (with the permission), new ticket from a row, spreadsheet and phone imports, CSV export.
 */
export function ContactsPanel({ canDelete, onOpenTicket }: ContactsPanelProps) {
  const { t } = useTranslation();
  const search = useListSearch();
  const [range, setRange] = useState({ dateStart: "", dateEnd: "" });
  const filter: ContactListFilter = { searchParam: search.searchParam, ...range };
  const contacts = useContactRecords(filter);
  const deletion = useDeleteContact();
  const exporting = useExportContacts();
  useContactsLiveUpdates();
  // The edited id outlives the closing so the dialog keeps its content while it fades out.
  const [editor, setEditor] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [importing, setImporting] = useState<"file" | "phone" | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => showToast(t("list.deleted"), "success"),
      onSettled: () => setIsConfirming(false),
    });
  };
  const exportCsv = () => {
    exporting.mutate(filter, {
      onSuccess: (blob) => {
        if (blob) downloadBlob(blob, t("contacts.export.fileName"));
        else showToast(t("contacts.export.empty"), "info");
      },
    });
  };

  return (
    <PageContainer title={t("menu.contacts")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={() => setEditor({ open: true, contactId: null })} addLabel={t("contacts.add")}>
        <DateRangeFilter dateStart={range.dateStart} dateEnd={range.dateEnd} onChange={setRange} isReversed={isRangeReversed(range)} />
        <ImportExportButtons onImportFile={() => setImporting("file")} onImportPhone={() => setImporting("phone")} onExport={exportCsv} isExporting={exporting.isPending} />
      </ListToolbar>
      <InfiniteListArea hasMore={contacts.hasMore} isFetchingMore={contacts.isFetchingMore} onLoadMore={contacts.loadMore} label={t("menu.contacts")}>
        <ContactsTable
          contacts={contacts.records}
          isLoading={contacts.isLoading}
          isError={contacts.isError}
          onRetry={contacts.refetch}
          canDelete={canDelete}
          onOpenTicket={onOpenTicket}
          onEdit={(contact) => setEditor({ open: true, contactId: contact.id })}
          onDelete={(contact) => {
            setToDelete(contact);
            setIsConfirming(true);
          }}
        />
      </InfiniteListArea>
      <ContactDialog open={editor.open} contactId={editor.contactId} onClose={() => setEditor((current) => ({ ...current, open: false }))} />
      <ImportSpreadsheetDialog open={importing === "file"} onClose={() => setImporting(null)} />
      <ImportPhoneDialog open={importing === "phone"} onClose={() => setImporting(null)} />
      <ConfirmationDialog
        open={isConfirming}
        title={t("contacts.confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("contacts.confirmDelete.message")}
        confirmLabel={t("contacts.confirmDelete.confirm")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirming(false)}
      />
    </PageContainer>
  );
}
