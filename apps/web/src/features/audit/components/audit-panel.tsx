import FileDownload from "@mui/icons-material/FileDownload";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InfiniteListArea } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { downloadBlob } from "../../../lib/download.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useExportAuditLogs } from "../api/export-audit-logs.ts";
import { useAuditLogs } from "../api/list-audit-logs.ts";
import { useAuditCompanyOptions, useAuditUserOptions } from "../api/list-options.ts";
import { type AuditFilter, EMPTY_AUDIT_FILTER } from "../utils/audit-filter.ts";
import { AuditFilters } from "./audit-filters.tsx";
import { AuditTable } from "./audit-table.tsx";

interface AuditPanelProps {
  /** Super users read the whole installation: the company filter and column are shown. */
  isSuper: boolean;
}

/** The Auditoria page: the audit log filtered, page after page, and its CSV export with the same filters. */
export function AuditPanel({ isSuper }: AuditPanelProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_AUDIT_FILTER);
  // The typed filters wait for the user to stop typing; the selects apply at once.
  const debounced = useDebouncedValue(filter, 400);
  const applied: AuditFilter = { ...filter, targetType: debounced.targetType, targetId: debounced.targetId };
  const logs = useAuditLogs(applied);
  const users = useAuditUserOptions();
  const companies = useAuditCompanyOptions(isSuper);
  const exporting = useExportAuditLogs();
  const count = logs.pages?.[0]?.count;

  const exportCsv = () => exporting.mutate(applied, { onSuccess: (blob) => downloadBlob(blob, t("audit.export.fileName")) });

  return (
    <PageContainer
      title={t("audit.title")}
      actions={
        <Button variant="outlined" startIcon={<FileDownload />} onClick={exportCsv} loading={exporting.isPending}>
          {t("audit.export.button")}
        </Button>
      }
    >
      <AuditFilters value={filter} onChange={setFilter} users={users.data ?? []} {...(isSuper ? { companies: companies.data ?? [] } : {})} />
      {count !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t("audit.total", { count })}
        </Typography>
      )}
      <InfiniteListArea hasMore={logs.hasMore} isFetchingMore={logs.isFetchingMore} onLoadMore={logs.loadMore} label={t("audit.title")}>
        <AuditTable logs={logs.records} showCompany={isSuper} isLoading={logs.isLoading} isError={logs.isError} onRetry={logs.refetch} />
      </InfiniteListArea>
    </PageContainer>
  );
}
