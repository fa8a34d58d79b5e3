import { SETTING_DEFINITIONS, type Setting, type SettingKey } from "@conversa/shared";

/**
 * The keys the Options tab edits: every key of spec admin §3, defaultCountryCode and require2fa. campaignsEnabled is a company field kept
 * as a setting; the companies form edits it.
 */
export type OptionSettingKey = Exclude<SettingKey, "campaignsEnabled">;

/** Values offered by the selects. */
export type SelectValue = (typeof SETTING_DEFINITIONS)["scheduleType" | "chatBotType"]["schema"]["options"][number];

/** How the Options tab edits a setting. */
export type SettingControl =
  | { key: OptionSettingKey; kind: "toggle" }
  | { key: OptionSettingKey; kind: "select"; options: readonly SelectValue[] }
  | { key: OptionSettingKey; kind: "text"; secret: boolean };

/** The options a select offers: the values its shared schema accepts (spec admin §3: chatBotType offers text only). */
function optionsOf(key: "scheduleType" | "chatBotType"): readonly SelectValue[] {
  return SETTING_DEFINITIONS[key].schema.options;
}

/** The switches and selects of the Options tab, one per setting key of spec admin §3, in its order, then the product's own. */
export const GENERAL_CONTROLS: readonly SettingControl[] = [
  { key: "userRating", kind: "toggle" },
  { key: "scheduleType", kind: "select", options: optionsOf("scheduleType") },
  { key: "call", kind: "toggle" },
  { key: "CheckMsgIsGroup", kind: "toggle" },
  { key: "sendGreetingAccepted", kind: "toggle" },
  { key: "sendMsgTransfTicket", kind: "toggle" },
  { key: "sendGreetingMessageOneQueues", kind: "toggle" },
  { key: "chatBotType", kind: "select", options: optionsOf("chatBotType") },
  { key: "defaultCountryCode", kind: "text", secret: false },
  { key: "require2fa", kind: "toggle" },
];

/** The integration credentials of the Options tab, grouped by provider. */
export const INTEGRATION_GROUPS: readonly { id: "ixc" | "mkauth" | "asaas"; controls: readonly SettingControl[] }[] = [
  {
    id: "ixc",
    controls: [
      { key: "ipixc", kind: "text", secret: SETTING_DEFINITIONS.ipixc.secret },
      { key: "tokenixc", kind: "text", secret: SETTING_DEFINITIONS.tokenixc.secret },
    ],
  },
  {
    id: "mkauth",
    controls: [
      { key: "ipmkauth", kind: "text", secret: SETTING_DEFINITIONS.ipmkauth.secret },
      { key: "clientidmkauth", kind: "text", secret: SETTING_DEFINITIONS.clientidmkauth.secret },
      { key: "clientsecretmkauth", kind: "text", secret: SETTING_DEFINITIONS.clientsecretmkauth.secret },
    ],
  },
  { id: "asaas", controls: [{ key: "asaas", kind: "text", secret: SETTING_DEFINITIONS.asaas.secret }] },
];

/** A setting's stored value, or its default when the company has none yet. */
export function settingValue(settings: readonly Setting[] | undefined, key: SettingKey): string {
  return settings?.find((s) => s.key === key)?.value ?? SETTING_DEFINITIONS[key].default;
}

/** Whether a secret setting holds a value (the server never sends it back). */
export function hasSecretValue(settings: readonly Setting[] | undefined, key: SettingKey): boolean {
  return settings?.find((s) => s.key === key)?.hasValue ?? false;
}

/**
 * The value a text field sends when the user leaves it, or null to send nothing: an unchanged
 * value, and an empty secret field (empty means "keep the stored secret"; removing it is a separate action).
 */
export function textToSend(input: string, stored: string, secret: boolean): string | null {
  const value = input.trim();
  if (secret) return value === "" ? null : value;
  return value === stored ? null : value;
}
