import type { ContactList } from "@conversa/shared";
import Contacts from "@mui/icons-material/ContactsOutlined";
import FileDownload from "@mui/icons-material/FileDownloadOutlined";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowAction, RowActionsCell } from "../../../components/list/index.ts";
import { EXAMPLE_SPREADSHEET_URL } from "../utils/example-spreadsheet.ts";

const COLUMNS = 3;

interface ContactListsTableProps {
  lists: readonly ContactList[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onOpenContacts: (list: ContactList) => void;
  onEdit: (list: ContactList) => void;
  onDelete: (list: ContactList) => void;
}

/** The company's contact lists (spec admin §2): name, contacts count, and the row's actions. */
export function ContactListsTable({ lists, isLoading, isError, onRetry, onOpenContacts, onEdit, onDelete }: ContactListsTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader aria-label={t("menu.contactLists")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("contactLists.columns.name")}</TableCell>
          <TableCell align="center">{t("contactLists.columns.contacts")}</TableCell>
          <TableCell align="right">{t("list.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && lists.length === 0} onRetry={onRetry} />
        {lists.map((list) => (
          <TableRow key={list.id} hover data-contact-list-id={list.id}>
            <TableCell sx={{ maxWidth: 420, overflowWrap: "anywhere" }}>{list.name}</TableCell>
            <TableCell align="center">{list.contactsCount}</TableCell>
            <RowActionsCell>
              <Tooltip title={t("contactLists.actions.example")}>
                <IconButton size="small" component="a" href={EXAMPLE_SPREADSHEET_URL} download aria-label={`${t("contactLists.actions.example")}: ${list.name}`}>
                  <FileDownload fontSize="small" />
                </IconButton>
              </Tooltip>
              <RowAction label={t("contactLists.actions.contacts")} subject={list.name} icon={<Contacts fontSize="small" />} onClick={() => onOpenContacts(list)} />
              <EditDeleteActions subject={list.name} onEdit={() => onEdit(list)} onDelete={() => onDelete(list)} />
            </RowActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
