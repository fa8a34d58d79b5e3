/** What the rest of the server uses of the messages module: its stored messages. */
export { type MessageRow, findConversationMessage, findMessageByWid, findMessageRow, loadMessage } from "./messages.repository.ts";
export { messageJsonOf, messagesJsonOf } from "./conversation-page.repository.ts";
