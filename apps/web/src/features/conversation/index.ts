export { ConversationPanel, type ConversationPanelProps } from "./components/conversation-panel.tsx";
export { MessageContent } from "./components/message-content.tsx";
