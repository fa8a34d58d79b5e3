export { CampaignReport } from "./components/campaign-report.tsx";
export { CampaignSettingsPanel } from "./components/campaign-settings-panel.tsx";
export { CampaignsPanel } from "./components/campaigns-panel.tsx";
