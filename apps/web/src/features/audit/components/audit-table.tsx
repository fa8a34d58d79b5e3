import type { AuditLog } from "@conversa/shared";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListStateRows } from "../../../components/list/index.ts";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { formatChangeValue } from "../utils/audit-filter.ts";
import { useAuditActionLabel } from "./audit-action-label.ts";

/** Changed fields shown before "show changes" opens the rest. */
const SHOWN_CHANGES = 3;

interface AuditTableProps {
  logs: readonly AuditLog[];
  /** Super users: the company column is shown. */
  showCompany: boolean;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

function ActorCell({ log }: { log: AuditLog }) {
  const { t } = useTranslation();
  if (log.actorKind === "system") return <Chip size="small" label={t("audit.actorKinds.system")} />;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.75, flexWrap: "wrap" }}>
      <span>{log.userName ?? (log.userId === null ? "—" : t("audit.removedUser"))}</span>
      {log.actorKind === "provider" && <Chip size="small" color="secondary" variant="outlined" label={t("audit.actorKinds.provider")} />}
    </Box>
  );
}

function ChangesCell({ changes }: { changes: AuditLog["changes"] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fields = Object.entries(changes);
  if (fields.length === 0) return <Box sx={{ color: "text.secondary" }}>—</Box>;
  const shown = open ? fields : fields.slice(0, SHOWN_CHANGES);
  return (
    <Box>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", fontSize: 13, "& li": { wordBreak: "break-word" } }}>
        {shown.map(([field, change]) => (
          <li key={field}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {field}
            </Box>
            {": "}
            <Box component="span" sx={{ color: "text.secondary" }}>
              {formatChangeValue(change.before)}
            </Box>
            {" → "}
            <span>{formatChangeValue(change.after)}</span>
          </li>
        ))}
      </Box>
      {fields.length > SHOWN_CHANGES && (
        <Link component="button" type="button" variant="body2" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t("audit.hideChanges") : `${t("audit.showChanges")} (${t("audit.changesCount", { count: fields.length })})`}
        </Link>
      )}
    </Box>
  );
}

/** The audit log's entries, newest first: when, who, which company (super users), what, on what, from where, and the changed fields. */
export function AuditTable({ logs, showCompany, isLoading, isError, onRetry }: AuditTableProps) {
  const { t } = useTranslation();
  const actionLabel = useAuditActionLabel();
  const language = currentLanguage();
  const columns = showCompany ? 7 : 6;
  return (
    <Table size="small" stickyHeader aria-label={t("audit.title")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("audit.columns.date")}</TableCell>
          <TableCell>{t("audit.columns.actor")}</TableCell>
          {showCompany && <TableCell>{t("audit.columns.company")}</TableCell>}
          <TableCell>{t("audit.columns.action")}</TableCell>
          <TableCell>{t("audit.columns.target")}</TableCell>
          <TableCell>{t("audit.columns.ip")}</TableCell>
          <TableCell sx={{ minWidth: 240 }}>{t("audit.columns.changes")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={columns} isLoading={isLoading} isError={isError} isEmpty={false} onRetry={onRetry} />
        {!isLoading && !isError && logs.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns} align="center" sx={{ py: 4, color: "text.secondary" }}>
              {t("audit.empty")}
            </TableCell>
          </TableRow>
        )}
        {logs.map((log) => (
          <TableRow key={log.id} hover data-audit-id={log.id} sx={{ verticalAlign: "top" }}>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(log.createdAt, DATE_PATTERNS.dateTime, language)}</TableCell>
            <TableCell>
              <ActorCell log={log} />
            </TableCell>
            {showCompany && <TableCell>{log.companyName ?? (log.companyId === null ? t("audit.installation") : `#${log.companyId}`)}</TableCell>}
            <TableCell>{actionLabel(log.action)}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{log.targetType ? `${log.targetType}${log.targetId ? ` #${log.targetId}` : ""}` : "—"}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{log.ip ?? "—"}</TableCell>
            <TableCell>
              <ChangesCell changes={log.changes} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
