import { CAMPAIGN_RECIPIENT_STATUSES, type CampaignRecipient, type CampaignRecipientStatus, TIMINGS } from "@conversa/shared";
import FileDownload from "@mui/icons-material/FileDownload";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { downloadBlob } from "../../../lib/download.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { type RecipientsFilter, useCampaignRecipients, useExportCampaignRecipients } from "../api/campaign-recipients.ts";

/** Rows of one page: the server's page size. */
const PAGE_SIZE = 20;

const STATUS_COLORS: Record<CampaignRecipientStatus, "default" | "info" | "success" | "primary" | "error" | "warning" | "secondary"> = {
  pending: "default",
  sent: "info",
  delivered: "success",
  read: "primary",
  failed: "error",
  opted_out: "warning",
  confirmed: "secondary",
};

function StatusCell({ recipient }: { recipient: CampaignRecipient }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <Chip size="small" variant="outlined" color={STATUS_COLORS[recipient.status]} label={t(`campaigns.recipients.status.${recipient.status}`)} />
      {recipient.status === "failed" && recipient.failureReason && (
        <Typography variant="caption" color="error">
          {recipient.failureReason}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The campaign report's recipients (spec admin §4): number, name, the message slot sent, status (with
 * the failure's reason), time and whether they replied; 20 a page, searched by number or name, filtered
 * by status, and exported as CSV (every matching row). The report refreshes it on the campaign's live events.
 */
export function CampaignRecipientsTable({ campaignId, campaignName }: { campaignId: number; campaignName: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [typed, setTyped] = useState("");
  const [status, setStatus] = useState<RecipientsFilter["status"]>("");
  const [page, setPage] = useState(0);
  const searchParam = useDebouncedValue(typed, TIMINGS.searchDebounceMs);
  const filter: RecipientsFilter = { searchParam, status };
  const recipients = useCampaignRecipients(campaignId, filter, page + 1);
  const exporting = useExportCampaignRecipients();
  const records = recipients.data?.records ?? [];

  const exportCsv = () => {
    exporting.mutate({ id: campaignId, filter }, { onSuccess: (blob) => downloadBlob(blob, t("campaigns.recipients.fileName", { name: campaignName })) });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="campaign-recipients-title">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ p: 2, alignItems: { sm: "center" } }}>
        <Typography id="campaign-recipients-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t("campaigns.recipients.title")}
        </Typography>
        <TextField
          size="small"
          label={t("campaigns.recipients.search")}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPage(0);
          }}
        />
        <TextField
          select
          size="small"
          label={t("campaigns.recipients.statusFilter")}
          value={status}
          onChange={(event) => {
            const value = CAMPAIGN_RECIPIENT_STATUSES.find((option) => option === event.target.value);
            setStatus(value ?? "");
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t("campaigns.recipients.allStatuses")}</MenuItem>
          {CAMPAIGN_RECIPIENT_STATUSES.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`campaigns.recipients.status.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<FileDownload />} onClick={exportCsv} disabled={exporting.isPending}>
          {t("campaigns.recipients.export")}
        </Button>
      </Stack>
      {recipients.isError && !recipients.data ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {t("campaigns.recipients.loadFailed")}
        </Alert>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-labelledby="campaign-recipients-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t("campaigns.recipients.number")}</TableCell>
                  <TableCell>{t("campaigns.recipients.name")}</TableCell>
                  <TableCell>{t("campaigns.recipients.message")}</TableCell>
                  <TableCell>{t("campaigns.recipients.statusColumn")}</TableCell>
                  <TableCell>{t("campaigns.recipients.at")}</TableCell>
                  <TableCell>{t("campaigns.recipients.replied")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {records.map((recipient) => (
                  <TableRow key={recipient.id} data-testid="campaign-recipient">
                    <TableCell>{recipient.number}</TableCell>
                    <TableCell>{recipient.name}</TableCell>
                    <TableCell>{recipient.slot === null ? "—" : t("campaigns.recipients.slot", { slot: recipient.slot })}</TableCell>
                    <TableCell>
                      <StatusCell recipient={recipient} />
                    </TableCell>
                    <TableCell>{recipient.at ? formatDate(recipient.at, DATE_PATTERNS.dateTime, language) : "—"}</TableCell>
                    <TableCell>{recipient.replied ? t("campaigns.recipients.yes") : t("campaigns.recipients.no")}</TableCell>
                  </TableRow>
                ))}
                {recipients.data && records.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center">
                      {t("campaigns.recipients.empty")}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={recipients.data?.count ?? 0}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[]}
            labelDisplayedRows={({ from, to, count }) => t("campaigns.recipients.displayed", { from, to, count })}
            getItemAriaLabel={(type) => t(type === "next" ? "campaigns.recipients.nextPage" : type === "previous" ? "campaigns.recipients.previousPage" : type === "first" ? "campaigns.recipients.firstPage" : "campaigns.recipients.lastPage")}
          />
        </>
      )}
    </Paper>
  );
}
