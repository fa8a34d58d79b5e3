/** What other modules (and the composition root) may use of the official line's templates. */
export { type CloudTemplatesDeps, checkedTemplateSend, listCloudTemplates, syncCloudTemplates } from "./cloud-templates.service.ts";
export { cloudTemplatesRoutes } from "./cloud-templates.routes.ts";
export { CLOUD_TEMPLATES_SYNC_JOB, refreshAllCloudTemplates, startCloudTemplatesWorkers } from "./cloud-templates.jobs.ts";
