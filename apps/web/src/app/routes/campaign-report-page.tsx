import { useParams } from "react-router";
import { CampaignReport } from "../../features/campaigns/index.ts";
import NotFoundPage from "./not-found-page.tsx";

/** /campaign/:campaignId/report: one campaign's live delivery report. */
export default function CampaignReportPage() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  // Keyed by the id: another campaign's report starts afresh.
  return <CampaignReport key={id} campaignId={id} />;
}
