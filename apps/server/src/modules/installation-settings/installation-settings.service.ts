import { INSTALLATION_SETTING_DEFINITIONS, INSTALLATION_SETTING_KEYS, type InstallationSetting, type InstallationSettingKey } from "@conversa/shared";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { canManageInstallation } from "./installation-settings.policy.ts";
import { readInstallationSettingRow, readInstallationSettingRows, upsertInstallationSetting } from "./installation-settings.repository.ts";

export interface InstallationSettingsDeps {
  db: Db;
}

function requireSuper(ctx: RequestContext): void {
  if (!canManageInstallation(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

/** A stored value the key still accepts, or the key's default (a value written by an older version is not trusted). */
function valueOf(key: InstallationSettingKey, stored: string | undefined): string {
  const definition = INSTALLATION_SETTING_DEFINITIONS[key];
  return stored !== undefined && definition.schema.safeParse(stored).success ? stored : definition.default;
}

/** Every installation setting with its value (the default when never changed). Throws ERR_NO_PERMISSION to anyone but a super user. */
export async function listInstallationSettings(deps: InstallationSettingsDeps, ctx: RequestContext): Promise<InstallationSetting[]> {
  requireSuper(ctx);
  const stored = await readInstallationSettingRows(deps.db);
  return INSTALLATION_SETTING_KEYS.map((key) => ({ key, value: valueOf(key, stored.get(key)) }));
}

/**
 * Changes one installation setting. Throws ERR_NO_PERMISSION to anyone but a super user (before the
 * value is looked at), ERR_VALIDATION for a value the key does not accept.
 */
export async function updateInstallationSetting(deps: InstallationSettingsDeps, ctx: RequestContext, key: InstallationSettingKey, value: string): Promise<InstallationSetting> {
  requireSuper(ctx);
  const parsed = INSTALLATION_SETTING_DEFINITIONS[key].schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/value", message: parsed.error.issues[0]?.message ?? "Invalid value" }], "Invalid value for this setting");
  }
  const before = valueOf(key, await readInstallationSettingRow(deps.db, key));
  await deps.db.transaction(async (tx) => {
    await upsertInstallationSetting(tx, key, parsed.data);
    await recordAudit(tx, ctx, { action: "installation_settings.update", companyId: null, target: { type: "installation_setting", id: key }, before: { value: before }, after: { value: parsed.data } });
  });
  return { key, value: parsed.data };
}

/** Whether visitors may sign a company up (installation setting signupEnabled; open unless a super user closed it). */
export async function isSignupEnabled(db: Db): Promise<boolean> {
  return valueOf("signupEnabled", await readInstallationSettingRow(db, "signupEnabled")) === "true";
}

/** How many days the audit log keeps its entries (installation setting auditRetentionDays). */
export async function auditRetentionDays(db: Db): Promise<number> {
  return Number(valueOf("auditRetentionDays", await readInstallationSettingRow(db, "auditRetentionDays")));
}
