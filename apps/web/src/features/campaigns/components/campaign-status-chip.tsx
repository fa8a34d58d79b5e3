import type { CampaignStatus } from "@conversa/shared";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";
import { CAMPAIGN_STATUS_COLORS, CAMPAIGN_STATUS_LABEL_KEYS } from "../utils/campaign-status.ts";

/** A campaign's status as a coloured chip ('Inativa', 'Em andamento', …), with 'Pausada' beside a held one. */
export function CampaignStatusChip({ status, paused = false }: { status: CampaignStatus; paused?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Chip size="small" color={CAMPAIGN_STATUS_COLORS[status]} variant={status === "INATIVA" ? "outlined" : "filled"} label={t(CAMPAIGN_STATUS_LABEL_KEYS[status])} />
      {paused && status === "EM_ANDAMENTO" && <Chip size="small" variant="outlined" label={t("campaigns.paused")} sx={{ ml: 0.5 }} />}
    </>
  );
}
