import type { Queue, QueueMetrics, Store } from "@conversa/shared";
import InsightsIcon from "@mui/icons-material/Insights";
import TuneIcon from "@mui/icons-material/Tune";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowAction, RowActionsCell } from "../../../components/list/index.ts";

const COLUMNS = 6;

interface QueuesTableProps {
  queues: readonly Queue[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Edit and delete, for those who may change queues (admins); a supervisor only configures distribution. */
  onEdit?: (queue: Queue) => void;
  onDelete?: (queue: Queue) => void;
  /** The figures of each queue (open, pending, agents online), when loaded. */
  metrics?: readonly QueueMetrics[];
  stores?: readonly Store[];
  onInsights: (queue: Queue) => void;
  onConfig: (queue: Queue) => void;
}

/** The company's queues: colour and name, store, order, figures, greeting (cut to one line); insights, config, edit and delete. */
export function QueuesTable({ queues, isLoading, isError, onRetry, onEdit, onDelete, metrics, stores, onInsights, onConfig }: QueuesTableProps) {
  const { t } = useTranslation();
  const figures = new Map((metrics ?? []).map((m) => [m.queueId, m]));
  const storeName = (id: number | null) => (id === null ? "—" : (stores?.find((store) => store.id === id)?.name ?? "—"));
  return (
    <Table size="small" stickyHeader aria-label={t("queues.title")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("queues.columns.name")}</TableCell>
          <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{t("distribution.columns.store")}</TableCell>
          <TableCell align="center">{t("queues.columns.orderQueue")}</TableCell>
          <TableCell align="center">{t("distribution.columns.figures")}</TableCell>
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
            <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{storeName(queue.storeId)}</TableCell>
            <TableCell align="center">{queue.orderQueue ?? "—"}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              {figures.has(queue.id)
                ? t("distribution.columns.figuresValue", {
                    open: figures.get(queue.id)!.openCount,
                    pending: figures.get(queue.id)!.pendingCount,
                    online: figures.get(queue.id)!.onlineAgents,
                    total: figures.get(queue.id)!.totalAgents,
                  })
                : "—"}
            </TableCell>
            <TableCell sx={{ display: { xs: "none", sm: "table-cell" }, maxWidth: 360 }}>
              <Typography variant="body2" color="text.secondary" noWrap title={queue.greetingMessage}>
                {queue.greetingMessage || "—"}
              </Typography>
            </TableCell>
            <RowActionsCell>
              <RowAction label={t("distribution.insights.action")} subject={queue.name} icon={<InsightsIcon fontSize="small" />} onClick={() => onInsights(queue)} />
              <RowAction label={t("distribution.config.action")} subject={queue.name} icon={<TuneIcon fontSize="small" />} onClick={() => onConfig(queue)} />
              {onEdit && onDelete ? <EditDeleteActions subject={queue.name} onEdit={() => onEdit(queue)} onDelete={() => onDelete(queue)} /> : null}
            </RowActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
