export { SettingsPanel, type SettingsExtraTab } from "./components/settings-panel.tsx";
