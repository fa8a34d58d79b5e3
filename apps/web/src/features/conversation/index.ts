export { ConversationPanel, type ConversationPanelProps } from "./components/conversation-panel.tsx";
