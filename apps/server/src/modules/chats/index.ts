/** What the rest of the server uses of the chats module. */
export { chatsRoutes } from "./chats.routes.ts";
