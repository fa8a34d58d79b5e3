import type { FileList } from "@conversa/shared";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../components/list/index.ts";

interface FileListsTableProps {
  lists: readonly FileList[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Absent (with onDelete) for those who do not manage files: the rows have no actions. */
  onEdit?: (list: FileList) => void;
  onDelete?: (list: FileList) => void;
}

/** The company's file lists (spec admin §2): name (with how many files it holds) and the row's actions. */
export function FileListsTable({ lists, isLoading, isError, onRetry, onEdit, onDelete }: FileListsTableProps) {
  const { t } = useTranslation();
  const hasActions = onEdit !== undefined && onDelete !== undefined;
  return (
    <Table size="small" stickyHeader aria-label={t("menu.files")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("fileLists.columns.name")}</TableCell>
          {hasActions && <TableCell align="right">{t("list.actions")}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={hasActions ? 2 : 1} isLoading={isLoading} isError={isError} isEmpty={!isLoading && lists.length === 0} onRetry={onRetry} />
        {lists.map((list) => (
          <TableRow key={list.id} hover data-file-list-id={list.id}>
            <TableCell sx={{ maxWidth: 560, overflowWrap: "anywhere" }}>
              {list.name}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {t("fileLists.filesCount", { count: list.options.length })}
              </Typography>
            </TableCell>
            {hasActions && (
              <RowActionsCell>
                <EditDeleteActions subject={list.name} onEdit={() => onEdit(list)} onDelete={() => onDelete(list)} />
              </RowActionsCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
