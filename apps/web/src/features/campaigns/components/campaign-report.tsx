import type { Campaign } from "@conversa/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import CalendarMonth from "@mui/icons-material/CalendarMonthOutlined";
import CheckCircle from "@mui/icons-material/CheckCircleOutlined";
import DoneAll from "@mui/icons-material/DoneAll";
import EventAvailable from "@mui/icons-material/EventAvailableOutlined";
import Group from "@mui/icons-material/GroupOutlined";
import HelpOutline from "@mui/icons-material/HelpOutlineOutlined";
import ListAlt from "@mui/icons-material/ListAlt";
import WhatsApp from "@mui/icons-material/WhatsApp";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PageContainer } from "../../../components/page-container.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { errorCodeMessage } from "../../../lib/error-message.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useCampaign } from "../api/get-campaign.ts";
import { campaignRecipientsPrefix } from "../api/query-keys.ts";
import { useCampaignsLiveUpdates } from "../hooks/use-campaigns-live-updates.ts";
import { CAMPAIGN_STATUS_LABEL_KEYS, deliveredPercent } from "../utils/campaign-status.ts";
import { CampaignRecipientsTable } from "./campaign-recipients-table.tsx";

/** The report reads the campaign again this long after a live update says it finished (spec admin §4, §9). */
export const REPORT_RELOAD_AFTER_FINISH_MS = 5000;

function ReportCard({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: "flex", gap: 1.5, alignItems: "center", minWidth: 0 }} role="group" aria-label={label}>
      <Box sx={{ color: "primary.main", display: "flex" }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

/**
 * /campaign/{id}/report (spec admin §2, §4): the status with delivered out of valid, a progress bar, and
 * cards for the figures, the connection, the list and the dates, and the recipients table; live from the
 * campaign's events (each one reads the table's page again), and read again 5 seconds after one says FINALIZADA.
 */
export function CampaignReport({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const query = useCampaign(campaignId);
  const [finishedAt, setFinishedAt] = useState<number | null>(null);
  const { refetch } = query;
  const queryClient = useQueryClient();

  useCampaignsLiveUpdates((campaign) => {
    if (campaign.id !== campaignId) return;
    void queryClient.invalidateQueries({ queryKey: campaignRecipientsPrefix(campaignId) });
    if (campaign.status === "FINALIZADA") setFinishedAt(Date.now());
  });

  useEffect(() => {
    if (finishedAt === null) return;
    const timer = setTimeout(() => void refetch(), REPORT_RELOAD_AFTER_FINISH_MS);
    return () => clearTimeout(timer);
  }, [finishedAt, refetch]);

  const back = (
    <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBack />}>
      {t("campaigns.report.back")}
    </Button>
  );
  if (query.isPending) return <PageLoader />;
  if (!query.data) {
    return (
      <PageContainer title={t("pages.campaignReport")} actions={back}>
        <Alert severity="error">{t("campaigns.loadFailed")}</Alert>
      </PageContainer>
    );
  }
  return (
    <PageContainer title={t("campaigns.report.title", { name: query.data.name })} actions={back}>
      <Stack spacing={3}>
        <ReportBody campaign={query.data} />
        <CampaignRecipientsTable campaignId={campaignId} campaignName={query.data.name} />
      </Stack>
    </PageContainer>
  );
}

function ReportBody({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { progress } = campaign;
  const percent = deliveredPercent(progress);
  const date = (value: string | null, none: string) => (value ? formatDate(value, DATE_PATTERNS.dateTime, language) : none);
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid="campaign-report-status">
          {t("campaigns.report.status", {
            status: t(CAMPAIGN_STATUS_LABEL_KEYS[campaign.status]),
            delivered: progress.delivered,
            valid: progress.validContacts,
          })}
          {campaign.pausedAt && campaign.status === "EM_ANDAMENTO" ? ` · ${t("campaigns.paused")}` : ""}
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-label={t("campaigns.report.progress")} sx={{ mt: 1.5, height: 10, borderRadius: 5 }} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("campaigns.report.percent", { percent })}
          {progress.failed > 0 || progress.skipped > 0 ? ` · ${t("campaigns.report.failedSkipped", { failed: progress.failed, skipped: progress.skipped })}` : ""}
        </Typography>
        {campaign.pausedAt && campaign.pauseReason && campaign.status === "EM_ANDAMENTO" ? (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {t("campaigns.pausedBecause", { reason: errorCodeMessage(campaign.pauseReason) })}
          </Alert>
        ) : null}
      </Paper>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(4, 1fr)" } }}>
        <ReportCard icon={<Group />} label={t("campaigns.report.validContacts")} value={progress.validContacts} />
        {campaign.confirmation && <ReportCard icon={<HelpOutline />} label={t("campaigns.report.confirmationRequested")} value={progress.confirmationRequested} />}
        {campaign.confirmation && <ReportCard icon={<CheckCircle />} label={t("campaigns.report.confirmed")} value={progress.confirmed} />}
        <ReportCard icon={<DoneAll />} label={t("campaigns.report.delivered")} value={progress.delivered} />
        <ReportCard icon={<WhatsApp />} label={t("campaigns.report.whatsapp")} value={campaign.whatsapp?.name ?? t("campaigns.noWhatsapp")} />
        <ReportCard icon={<ListAlt />} label={t("campaigns.report.contactList")} value={campaign.contactList?.name ?? t("campaigns.noContactList")} />
        <ReportCard icon={<CalendarMonth />} label={t("campaigns.report.scheduledAt")} value={date(campaign.scheduledAt, t("campaigns.noSchedule"))} />
        <ReportCard icon={<EventAvailable />} label={t("campaigns.report.completedAt")} value={date(campaign.completedAt, t("campaigns.notCompleted"))} />
      </Box>
    </Stack>
  );
}
