/** What the rest of the server reads of the settings module: one company setting with its default. */
export { settingValueOf } from "./settings.repository.ts";
