/** What the rest of the server uses of the campaigns module. */
export { registerCampaignReplies } from "./campaign-replies.ts";
export { campaignsRoutes } from "./campaigns.routes.ts";
export { startCampaignWorkers } from "./campaigns.workers.ts";
