/** What the rest of the server uses of the installation settings. */
export { installationSettingsRoutes } from "./installation-settings.routes.ts";
export { auditRetentionDays, isSignupEnabled } from "./installation-settings.service.ts";
