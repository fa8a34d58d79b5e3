import { CampaignsPanel } from "../../features/campaigns/index.ts";

/** /campaigns: the company's campaigns, their dialog, status actions and test send. */
export default function CampaignsPage() {
  return <CampaignsPanel />;
}
