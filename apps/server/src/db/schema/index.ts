export * from "./core.ts";
export * from "./channels.ts";
export * from "./conversations.ts";
export * from "./chats.ts";
export * from "./campaigns.ts";
