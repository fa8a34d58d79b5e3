export * from "./core.ts";
export * from "./channels.ts";
export * from "./conversations.ts";
export * from "./chats.ts";
export * from "./billing.ts";
export * from "./bots.ts";
export * from "./distribution.ts";
export * from "./campaigns.ts";
