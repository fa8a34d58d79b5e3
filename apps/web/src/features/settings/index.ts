export { type OutOfHoursGaps, SettingsPanel, type SettingsExtraTab } from "./components/settings-panel.tsx";
