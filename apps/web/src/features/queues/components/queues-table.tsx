import type { Queue } from "@conversa/shared";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../components/list/index.ts";

const COLUMNS = 4;

interface QueuesTableProps {
  queues: readonly Queue[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onEdit: (queue: Queue) => void;
  onDelete: (queue: Queue) => void;
}

/** The company's queues: colour and name, order, greeting (cut to one line), edit and delete. */
export function QueuesTable({ queues, isLoading, isError, onRetry, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader aria-label={t("queues.title")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("queues.columns.name")}</TableCell>
          <TableCell align="center">{t("queues.columns.orderQueue")}</TableCell>
          <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{t("queues.columns.greetingMessage")}</TableCell>
          <TableCell align="right">{t("list.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && queues.length === 0} onRetry={onRetry} />
        {queues.map((queue) => (
          <TableRow key={queue.id} hover data-queue-id={queue.id}>
            <TableCell sx={{ maxWidth: 280 }}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1.25, minWidth: 0 }}>
                <Box aria-hidden sx={{ width: 16, height: 16, borderRadius: "50%", bgcolor: queue.color, flexShrink: 0, border: 1, borderColor: "divider" }} />
                <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                  {queue.name}
                </Typography>
              </Box>
            </TableCell>
            <TableCell align="center">{queue.orderQueue ?? "—"}</TableCell>
            <TableCell sx={{ display: { xs: "none", sm: "table-cell" }, maxWidth: 360 }}>
              <Typography variant="body2" color="text.secondary" noWrap title={queue.greetingMessage}>
                {queue.greetingMessage || "—"}
              </Typography>
            </TableCell>
            <RowActionsCell>
              <EditDeleteActions subject={queue.name} onEdit={() => onEdit(queue)} onDelete={() => onDelete(queue)} />
            </RowActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
