import { type Contact, formatPhoneNumber } from "@conversa/shared";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import PersonOffOutlined from "@mui/icons-material/PersonOffOutlined";
import WhatsApp from "@mui/icons-material/WhatsApp";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { isErasedContact } from "../api/erase-contact.ts";
import { EditDeleteActions, ListStateRows, RowAction, RowActionsCell } from "../../../components/list/index.ts";

const COLUMNS = 4;
/** Left out on narrow screens: the number then shows under the name, the e-mail not at all. */
const FROM_SM = { display: { xs: "none", sm: "table-cell" } } as const;
const FROM_MD = { display: { xs: "none", md: "table-cell" } } as const;

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

interface ContactsTableProps {
  contacts: readonly Contact[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  canDelete: boolean;
  onOpenTicket: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  /** Admins only: the export and erasure of a contact's data (docs/privacy.md); absent, the buttons are too. */
  dataRights?: {
    onExport: (contact: Contact) => void;
    onErase: (contact: Contact) => void;
    /** The contact whose export is under way: the export buttons wait for it. */
    exportingId: number | null;
  };
}

/** The company's contacts (core §2): picture and name, number, e-mail, and the row's actions. */
export function ContactsTable({ contacts, isLoading, isError, onRetry, canDelete, onOpenTicket, onEdit, onDelete, dataRights }: ContactsTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader aria-label={t("menu.contacts")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("contacts.columns.name")}</TableCell>
          <TableCell sx={FROM_SM}>{t("contacts.columns.number")}</TableCell>
          <TableCell sx={FROM_MD}>{t("contacts.columns.email")}</TableCell>
          <TableCell align="right">{t("list.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && contacts.length === 0} onRetry={onRetry} />
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover data-contact-id={contact.id}>
            <TableCell sx={{ maxWidth: { xs: 180, sm: 320 } }}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
                {/* Only network picture addresses are loaded; anything else shows the initials. */}
                <Avatar src={contact.profilePicUrl?.startsWith("https://") ? contact.profilePicUrl : undefined} alt="" sx={{ width: 32, height: 32, fontSize: 13 }}>
                  {initialsOf(contact.name)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Box sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{contact.name}</Box>
                  <Box sx={{ display: { xs: "block", sm: "none" }, color: "text.secondary", fontSize: 13 }}>{formatPhoneNumber(contact.number)}</Box>
                </Box>
              </Box>
            </TableCell>
            <TableCell sx={{ ...FROM_SM, whiteSpace: "nowrap" }}>{formatPhoneNumber(contact.number)}</TableCell>
            <TableCell sx={{ ...FROM_MD, maxWidth: 260, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{contact.email}</TableCell>
            <RowActionsCell sx={{ px: { xs: 0.5, sm: 2 } }}>
              <RowAction label={t("contacts.openTicket")} subject={contact.name} icon={<WhatsApp fontSize="small" />} onClick={() => onOpenTicket(contact)} />
              {dataRights ? (
                <>
                  <RowAction
                    label={t("contacts.dataExport.action")}
                    subject={contact.name}
                    icon={<FileDownloadOutlined fontSize="small" />}
                    onClick={() => dataRights.onExport(contact)}
                    blockedBy={dataRights.exportingId === null ? null : t("contacts.dataExport.busy")}
                  />
                  <RowAction
                    label={t("contacts.erase.action")}
                    subject={contact.name}
                    icon={<PersonOffOutlined fontSize="small" />}
                    onClick={() => dataRights.onErase(contact)}
                    blockedBy={isErasedContact(contact) ? t("contacts.erase.already") : null}
                  />
                </>
              ) : null}
              <EditDeleteActions subject={contact.name} onEdit={() => onEdit(contact)} {...(canDelete ? { onDelete: () => onDelete(contact) } : {})} />
            </RowActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
