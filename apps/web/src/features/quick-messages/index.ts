export { QuickMessagesPanel } from "./components/quick-messages-panel.tsx";
