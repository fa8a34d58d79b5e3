import type { Contact } from "@conversa/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteContact } from "../api/delete-contact.ts";
import { useExportContactData } from "../api/export-contact-data.ts";
import { useExportContacts } from "../api/export-contacts.ts";
import { useContactRecords } from "../api/list-contacts.ts";
import { useContactsLiveUpdates } from "../hooks/use-contacts-live-updates.ts";
import { type ContactListFilter, isRangeReversed } from "../utils/contact-filter.ts";
import { downloadBlob } from "../../../lib/download.ts";
import { ContactDialog } from "./contact-dialog.tsx";
import { DateRangeFilter, ImportExportButtons } from "./contacts-actions.tsx";
import { ContactsTable } from "./contacts-table.tsx";
import { EraseContactDialog } from "./erase-contact-dialog.tsx";
import { ExportProgress } from "./export-progress.tsx";
import { ImportPhoneDialog } from "./import-phone-dialog.tsx";
import { ImportSpreadsheetDialog } from "./import-spreadsheet-dialog.tsx";

interface ContactsPanelProps {
  /** contacts-page:deleteContact: the delete action is shown. */
  canDelete: boolean;
  /** Admins: each row can export the contact's data and erase it (docs/privacy.md). */
  canManageData?: boolean;
  /** The row's WhatsApp action: the page opens a new ticket for the contact. */
  onOpenTicket: (contact: Contact) => void;
}

/**
 * The Contacts page (core §2): searchable, date-filtered, endless and live list with add, edit,
 * delete (with the permission), new ticket from a row, spreadsheet and phone imports, CSV export, and for
 * admins a contact's data export (with its progress) and erasure.
 */
export function ContactsPanel({ canDelete, canManageData = false, onOpenTicket }: ContactsPanelProps) {
  const { t } = useTranslation();
  const search = useListSearch();
  const [range, setRange] = useState({ dateStart: "", dateEnd: "" });
  const filter: ContactListFilter = { searchParam: search.searchParam, ...range };
  const contacts = useContactRecords(filter);
  const deletion = useDeleteContact();
  const exporting = useExportContacts();
  useContactsLiveUpdates();
  const editing = useRecordEditing<Contact>(deletion);
  const [importing, setImporting] = useState<"file" | "phone" | null>(null);
  const dataExport = useExportContactData();
  const [toErase, setToErase] = useState<Contact | null>(null);

  const exportData = (contact: Contact) => {
    dataExport.mutate(
      { id: contact.id, name: contact.name },
      { onSuccess: (blob) => downloadBlob(blob, t("contacts.dataExport.fileName", { id: contact.id })) },
    );
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
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("contacts.add")}>
        <DateRangeFilter dateStart={range.dateStart} dateEnd={range.dateEnd} onChange={setRange} isReversed={isRangeReversed(range)} />
        <ImportExportButtons onImportFile={() => setImporting("file")} onImportPhone={() => setImporting("phone")} onExport={exportCsv} isExporting={exporting.isPending} />
      </ListToolbar>
      {dataExport.progress ? <ExportProgress progress={dataExport.progress} /> : null}
      <InfiniteListArea hasMore={contacts.hasMore} isFetchingMore={contacts.isFetchingMore} onLoadMore={contacts.loadMore} label={t("menu.contacts")}>
        <ContactsTable
          contacts={contacts.records}
          isLoading={contacts.isLoading}
          isError={contacts.isError}
          onRetry={contacts.refetch}
          canDelete={canDelete}
          onOpenTicket={onOpenTicket}
          onEdit={editing.edit}
          onDelete={editing.askDelete}
          {...(canManageData ? { dataRights: { onExport: exportData, onErase: setToErase, exportingId: dataExport.progress?.contactId ?? null } } : {})}
        />
      </InfiniteListArea>
      <ContactDialog open={editing.editor.open} contactId={editing.editor.id} onClose={editing.closeEditor} />
      {canManageData ? <EraseContactDialog contact={toErase} onClose={() => setToErase(null)} /> : null}
      <ImportSpreadsheetDialog open={importing === "file"} onClose={() => setImporting(null)} />
      <ImportPhoneDialog open={importing === "phone"} onClose={() => setImporting(null)} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("contacts.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("contacts.confirmDelete.message")}
        confirmLabel={t("contacts.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}
