import type { ContactListItem } from "@conversa/shared";
import CheckCircle from "@mui/icons-material/CheckCircle";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import HighlightOff from "@mui/icons-material/HighlightOff";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../components/list/index.ts";

const COLUMNS = 5;

interface ListContactsTableProps {
  contacts: readonly ContactListItem[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onEdit: (item: ContactListItem) => void;
  /** Absent without contacts-page:deleteContact: the rows have no delete button. */
  onDelete?: (item: ContactListItem) => void;
}

/** Whether the number is on WhatsApp: checked valid, checked invalid, or not checked yet. */
export function ValidityIcon({ isWhatsappValid }: { isWhatsappValid: boolean | null }) {
  const { t } = useTranslation();
  const [label, icon] =
    isWhatsappValid === null
      ? [t("listContacts.validity.unchecked"), <HourglassEmpty key="icon" fontSize="small" color="disabled" />]
      : isWhatsappValid
        ? [t("listContacts.validity.valid"), <CheckCircle key="icon" fontSize="small" color="success" />]
        : [t("listContacts.validity.invalid"), <HighlightOff key="icon" fontSize="small" color="error" />];
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: "inline-flex" }}>
        {icon}
      </Box>
    </Tooltip>
  );
}

/** A list's contacts (spec admin §2): validity icon, name, number, e-mail, and edit (and delete with the permission). */
export function ListContactsTable({ contacts, isLoading, isError, onRetry, onEdit, onDelete }: ListContactsTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader aria-label={t("pages.contactListContacts")}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" align="center">
            <Box component="span" sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
              {t("listContacts.columns.validity")}
            </Box>
          </TableCell>
          <TableCell>{t("listContacts.columns.name")}</TableCell>
          <TableCell>{t("listContacts.columns.number")}</TableCell>
          <TableCell>{t("listContacts.columns.email")}</TableCell>
          <TableCell align="right">{t("list.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && contacts.length === 0} onRetry={onRetry} />
        {contacts.map((item) => (
          <TableRow key={item.id} hover data-list-contact-id={item.id}>
            <TableCell padding="checkbox" align="center">
              <ValidityIcon isWhatsappValid={item.isWhatsappValid} />
            </TableCell>
            <TableCell sx={{ maxWidth: 280, overflowWrap: "anywhere" }}>{item.name}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{item.number}</TableCell>
            <TableCell sx={{ maxWidth: 280, overflowWrap: "anywhere" }}>{item.email}</TableCell>
            <RowActionsCell>
              <EditDeleteActions subject={item.name} onEdit={() => onEdit(item)} {...(onDelete ? { onDelete: () => onDelete(item) } : {})} />
            </RowActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
