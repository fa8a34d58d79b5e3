import type { TagRecord } from "@conversa/shared";
import ViewKanban from "@mui/icons-material/ViewKanbanOutlined";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../components/list/index.ts";
import { TagChip } from "../../../components/tag-chip.tsx";

const COLUMNS_WITH_ACTIONS = 3;

interface TagsTableProps {
  tags: readonly TagRecord[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Absent for those who neither manage tags nor set the kanban flag: the rows have no actions. */
  onEdit?: (tag: TagRecord) => void;
  /** Absent for those who do not manage tags (a supervisor only edits the kanban flag). */
  onDelete?: (tag: TagRecord) => void;
}

/** The company's tags (spec admin §2): name as a coloured chip, tickets count, and edit and delete for those who manage tags. */
export function TagsTable({ tags, isLoading, isError, onRetry, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation();
  const hasActions = onEdit !== undefined;
  const columns = hasActions ? COLUMNS_WITH_ACTIONS : COLUMNS_WITH_ACTIONS - 1;
  return (
    <Table size="small" stickyHeader aria-label={t("menu.tags")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("tags.columns.name")}</TableCell>
          <TableCell align="center">{t("tags.columns.tickets")}</TableCell>
          {hasActions && <TableCell align="right">{t("list.actions")}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={columns} isLoading={isLoading} isError={isError} isEmpty={!isLoading && tags.length === 0} onRetry={onRetry} />
        {tags.map((tag) => (
          <TableRow key={tag.id} hover data-tag-id={tag.id}>
            <TableCell sx={{ maxWidth: 360 }}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
                <TagChip name={tag.name} color={tag.color} />
                {tag.kanban === 1 && (
                  <Tooltip title={t("tags.kanbanLane")}>
                    <Box component="span" role="img" aria-label={t("tags.kanbanLane")} sx={{ display: "inline-flex" }}>
                      <ViewKanban fontSize="small" color="action" />
                    </Box>
                  </Tooltip>
                )}
              </Box>
            </TableCell>
            <TableCell align="center">{tag.ticketsCount}</TableCell>
            {hasActions && (
              <RowActionsCell>
                <EditDeleteActions subject={tag.name} onEdit={() => onEdit(tag)} onDelete={onDelete ? () => onDelete(tag) : undefined} />
              </RowActionsCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
