import type { DashboardCounters } from "@conversa/shared";
import AccessTime from "@mui/icons-material/AccessTime";
import Business from "@mui/icons-material/Business";
import Campaign from "@mui/icons-material/Campaign";
import CheckCircleOutlined from "@mui/icons-material/CheckCircleOutlineOutlined";
import HeadsetMic from "@mui/icons-material/HeadsetMic";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import PhoneAndroid from "@mui/icons-material/PhoneAndroid";
import Timer from "@mui/icons-material/Timer";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { formatMinutes } from "../utils/format-minutes.ts";

interface SummaryCardProps {
  icon: ReactNode;
  label: string;
  value: string;
}

/** One figure: a region named by its label, so that it reads (and is found) as "label: value". */
function SummaryCard({ icon, label, value }: SummaryCardProps) {
  const labelId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={labelId} sx={{ p: 2, display: "flex", alignItems: "center", gap: 2, minWidth: 0 }}>
      <Box sx={{ color: "success.main", display: "flex", "& svg": { fontSize: 36 } }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography id={labelId} variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

/** The summary cards of spec core §2–3; the installation-wide ones only when the server sends them (super users). */
export function SummaryCards({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const cards: SummaryCardProps[] = [
    ...(counters.totalWhatsappSessions === undefined ? [] : [{ icon: <PhoneAndroid />, label: t("dashboard.cards.totalWhatsappSessions"), value: String(counters.totalWhatsappSessions) }]),
    ...(counters.totalCompanies === undefined ? [] : [{ icon: <Business />, label: t("dashboard.cards.totalCompanies"), value: String(counters.totalCompanies) }]),
    { icon: <HeadsetMic />, label: t("dashboard.cards.supportHappening"), value: String(counters.supportHappening) },
    { icon: <HourglassEmpty />, label: t("dashboard.cards.supportPending"), value: String(counters.supportPending) },
    { icon: <CheckCircleOutlined />, label: t("dashboard.cards.supportFinished"), value: String(counters.supportFinished) },
    { icon: <Timer />, label: t("dashboard.cards.avgSupportTime"), value: formatMinutes(counters.avgSupportTime) },
    { icon: <AccessTime />, label: t("dashboard.cards.avgWaitTime"), value: formatMinutes(counters.avgWaitTime) },
    { icon: <Campaign />, label: t("dashboard.cards.campaignMessagesSent"), value: String(counters.campaignMessagesSent) },
  ];
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
      {cards.map((card) => (
        <SummaryCard key={card.label} {...card} />
      ))}
    </Box>
  );
}
