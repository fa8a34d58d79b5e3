export { MessagesApiGuide } from "./components/messages-api-guide.tsx";
