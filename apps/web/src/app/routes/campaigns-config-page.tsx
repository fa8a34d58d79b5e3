import { CampaignSettingsPanel } from "../../features/campaigns/index.ts";

/** /campaigns-config: the campaigns' dispatch intervals, variables and opt-out words. */
export default function CampaignsConfigPage() {
  return <CampaignSettingsPanel />;
}
