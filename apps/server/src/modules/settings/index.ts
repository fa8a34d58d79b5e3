/** What the rest of the server uses of the settings module: a company's settings with their defaults (read, listed, written, provisioned). */
export { ensureDefaultSettings, listSettingRows, settingValueOf, toSettingDto, upsertSetting } from "./settings.repository.ts";
