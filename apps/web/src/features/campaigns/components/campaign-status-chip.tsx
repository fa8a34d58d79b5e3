import type { CampaignStatus } from "@conversa/shared";
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { errorCodeMessage } from "../../../lib/error-message.ts";
import { CAMPAIGN_STATUS_COLORS, CAMPAIGN_STATUS_LABEL_KEYS } from "../utils/campaign-status.ts";

/**
 * A campaign's status as a coloured chip ('Inativa', 'Em andamento', …), with 'Pausada' beside a held one;
 * a campaign the dispatch paused by itself says so, in a warning colour, with the reason on hover.
 */
export function CampaignStatusChip({ status, paused = false, pauseReason = null }: { status: CampaignStatus; paused?: boolean; pauseReason?: string | null }) {
  const { t } = useTranslation();
  const held = paused && status === "EM_ANDAMENTO";
  return (
    <>
      <Chip size="small" color={CAMPAIGN_STATUS_COLORS[status]} variant={status === "INATIVA" ? "outlined" : "filled"} label={t(CAMPAIGN_STATUS_LABEL_KEYS[status])} />
      {held && !pauseReason && <Chip size="small" variant="outlined" label={t("campaigns.paused")} sx={{ ml: 0.5 }} />}
      {held && pauseReason && (
        <Tooltip title={errorCodeMessage(pauseReason)}>
          <Chip size="small" variant="outlined" color="warning" label={t("campaigns.pausedBySystem")} sx={{ ml: 0.5 }} />
        </Tooltip>
      )}
    </>
  );
}
