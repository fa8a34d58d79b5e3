export { AnnouncementsPanel } from "./components/announcements-panel.tsx";
export { AnnouncementsPopover } from "./components/announcements-popover.tsx";
