import { type DistributionLog, distributionLogKindOf } from "@conversa/shared";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ListStateRows } from "../../../../components/list/index.ts";
import { DATE_PATTERNS, formatDate } from "../../../../lib/date.ts";

/** A log's strategy, or how the ticket entered the queue when no store decided, in the user's language. */
function useLogKind(): (value: string | null) => string {
  const { t } = useTranslation();
  return (value) => {
    if (!value) return "—";
    const kind = distributionLogKindOf(value);
    return kind ? t(`distribution.strategies.${kind}`) : value;
  };
}

/** Distribution decisions: when, ticket, route, rule, who got it, strategy, the customer's text. */
export function LogsTable({ logs, isLoading, isError, onRetry, label }: { logs: readonly DistributionLog[]; isLoading: boolean; isError: boolean; onRetry: () => void; label: string }) {
  const { t } = useTranslation();
  const noQueue = t("distribution.logs.noQueue");
  const kindOf = useLogKind();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t("distribution.logs.when")}</TableCell>
          <TableCell>{t("distribution.logs.ticket")}</TableCell>
          <TableCell>{t("distribution.logs.route")}</TableCell>
          <TableCell>{t("distribution.logs.rule")}</TableCell>
          <TableCell>{t("distribution.logs.user")}</TableCell>
          <TableCell>{t("distribution.logs.strategy")}</TableCell>
          <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{t("distribution.logs.message")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={7} isLoading={isLoading} isError={isError} isEmpty={!isLoading && logs.length === 0} onRetry={onRetry} />
        {logs.map((log) => (
          <TableRow key={log.id} data-log-id={log.id}>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(log.createdAt, DATE_PATTERNS.dateTime)}</TableCell>
            <TableCell>{log.ticketId === null ? "—" : `#${log.ticketId}`}</TableCell>
            <TableCell>{`${log.fromQueueName ?? noQueue} → ${log.toQueueName ?? noQueue}`}</TableCell>
            <TableCell>{log.ruleName ?? (log.storeName ? t("distribution.logs.queueDefault") : "—")}</TableCell>
            <TableCell data-testid="log-user">{log.assignedUserName ?? t("distribution.logs.waiting")}</TableCell>
            <TableCell>{kindOf(log.strategy)}</TableCell>
            <TableCell sx={{ display: { xs: "none", md: "table-cell" }, maxWidth: 260 }}>
              <Typography variant="body2" color="text.secondary" noWrap title={log.message ?? ""}>
                {log.message || "—"}
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
