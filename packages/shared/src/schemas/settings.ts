import { z } from "zod";

const toggle = z.enum(["enabled", "disabled"]);
const freeText = z.string().max(500);

/**
 * Settings keys of spec administration §3 with the values each accepts and its default, and the product's own
 * `defaultCountryCode`. `secret` keys hold credentials: their value is never sent back to a client.
 */
export const SETTING_DEFINITIONS = {
  userRating: { schema: toggle, default: "disabled", secret: false },
  scheduleType: { schema: z.enum(["disabled", "queue", "company"]), default: "disabled", secret: false },
  call: { schema: toggle, default: "enabled", secret: false },
  CheckMsgIsGroup: { schema: toggle, default: "enabled", secret: false },
  sendGreetingAccepted: { schema: toggle, default: "disabled", secret: false },
  sendMsgTransfTicket: { schema: toggle, default: "disabled", secret: false },
  sendGreetingMessageOneQueues: { schema: toggle, default: "enabled", secret: false },
  chatBotType: { schema: z.enum(["text"]), default: "text", secret: false },
  campaignsEnabled: { schema: z.enum(["true", "false"]), default: "true", secret: false },
  ipixc: { schema: freeText, default: "", secret: false },
  tokenixc: { schema: freeText, default: "", secret: true },
  ipmkauth: { schema: freeText, default: "", secret: false },
  clientidmkauth: { schema: freeText, default: "", secret: false },
  clientsecretmkauth: { schema: freeText, default: "", secret: true },
  asaas: { schema: freeText, default: "", secret: true },
  /** Calling code given to numbers typed or imported without one (`withDefaultCountryCode`); beyond the spec's keys. */
  defaultCountryCode: { schema: z.string().regex(/^[1-9]\d{0,2}$/, "A calling code of 1 to 3 digits"), default: "55", secret: false },
  /** Whether every user of the company must sign in with a second factor (users without one are taken to its setup); beyond the spec's keys. */
  require2fa: { schema: toggle, default: "disabled", secret: false },
} as const satisfies Record<string, { schema: z.ZodType<string>; default: string; secret: boolean }>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as [SettingKey, ...SettingKey[]];
export const ZSettingKey = z.enum(SETTING_KEYS);

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

export const ZSetting = z.object({
  key: z.string(),
  /** For secret keys always "" on the wire; `hasValue` tells whether one is stored. */
  value: z.string(),
  hasValue: z.boolean().optional(),
});
export type Setting = z.infer<typeof ZSetting>;

export const ZSettingsList = z.array(ZSetting);

export const ZUpdateSettingParams = z.object({ key: z.string().min(1).max(64) });
export const ZUpdateSettingBody = z.strictObject({
  key: z.string().max(64).optional(),
  value: z.string().max(500),
});
export type UpdateSettingBody = z.infer<typeof ZUpdateSettingBody>;
