/** What the rest of the server uses of the campaigns module. */
export { campaignsRoutes } from "./campaigns.routes.ts";
export { startCampaignWorkers } from "./campaigns.workers.ts";
export { handleCampaignReply } from "./campaign-replies.ts";
