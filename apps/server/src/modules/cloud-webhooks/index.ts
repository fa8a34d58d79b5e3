/** What the composition root uses of the official line's webhook. */
export { cloudWebhooksRoutes, CLOUD_WEBHOOK_BODY_LIMIT } from "./cloud-webhooks.routes.ts";
export { CLOUD_WEBHOOK_JOB, runCloudWebhookJob, startCloudWebhookWorkers, type CloudWebhookJobDeps } from "./cloud-webhooks.jobs.ts";
