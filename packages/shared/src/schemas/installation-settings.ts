import { z } from "zod";

/**
 * Settings of the whole installation, changed by super users only, with the values each accepts and
 * its default. `signupEnabled`: whether visitors may sign a company up on /signup. `auditRetentionDays`:
 * how many days the audit log keeps its entries (30 to 3650; a daily job removes older ones).
 * `requireSuperUser2fa`: whether every super user must sign in with a second factor.
 */
export const INSTALLATION_SETTING_DEFINITIONS = {
  signupEnabled: { schema: z.enum(["true", "false"]), default: "true" },
  auditRetentionDays: {
    schema: z.string().regex(/^\d{1,4}$/).refine((value) => Number(value) >= 30 && Number(value) <= 3650, "30 to 3650 days"),
    default: "365",
  },
  requireSuperUser2fa: { schema: z.enum(["true", "false"]), default: "false" },
} as const satisfies Record<string, { schema: z.ZodType<string>; default: string }>;

export type InstallationSettingKey = keyof typeof INSTALLATION_SETTING_DEFINITIONS;
export const INSTALLATION_SETTING_KEYS = Object.keys(INSTALLATION_SETTING_DEFINITIONS) as [InstallationSettingKey, ...InstallationSettingKey[]];
export const ZInstallationSettingKey = z.enum(INSTALLATION_SETTING_KEYS);

/** One installation setting as GET /installation-settings lists it. */
export const ZInstallationSetting = z.object({ key: ZInstallationSettingKey, value: z.string() });
export type InstallationSetting = z.infer<typeof ZInstallationSetting>;
export const ZInstallationSettingsList = z.array(ZInstallationSetting);

/** PUT /installation-settings/{key}: only the known keys; the value is checked against the key's own values. */
export const ZInstallationSettingParams = z.object({ key: ZInstallationSettingKey });
export const ZUpdateInstallationSettingBody = z.strictObject({ value: z.string().max(500) });
export type UpdateInstallationSettingBody = z.infer<typeof ZUpdateInstallationSettingBody>;
