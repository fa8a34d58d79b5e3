export { CampaignSettingsPanel } from "./components/campaign-settings-panel.tsx";
