import { SETTING_DEFINITIONS, isSettingKey, type Setting } from "@conversa/shared";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { canEditSettings } from "./settings.policy.ts";
import { findSettingRow, listSettingRows, toSettingDto, upsertSetting } from "./settings.repository.ts";

export interface SettingsDeps {
  db: Db;
  events: DomainEvents;
}

/** The company's settings, secrets masked. */
export async function listSettings(deps: SettingsDeps, ctx: RequestContext): Promise<Setting[]> {
  const rows = await listSettingRows(deps.db, ctx.companyId);
  return rows.map(toSettingDto);
}

/**
 * Changes one setting of the session's company.
 * Throws ERR_NO_PERMISSION for non-admins, ERR_NO_SETTING_FOUND for an unknown key, ERR_VALIDATION for a value the key does not accept.
 */
export async function updateSetting(deps: SettingsDeps, ctx: RequestContext, key: string, value: string): Promise<Setting> {
  if (!canEditSettings(ctx)) throw new AppError("ERR_NO_PERMISSION");
  if (!isSettingKey(key)) throw new AppError("ERR_NO_SETTING_FOUND");
  const parsed = SETTING_DEFINITIONS[key].schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/value", message: parsed.error.issues[0]?.message ?? "Invalid value" }], "Invalid value for this setting");
  }
  const existing = await findSettingRow(deps.db, ctx.companyId, key);
  const row =
    existing?.value === parsed.data
      ? existing
      : await deps.db.transaction(async (tx) => {
          const saved = await upsertSetting(tx, ctx.companyId, key, parsed.data);
          const { secret } = SETTING_DEFINITIONS[key];
          const values = { before: { value: existing?.value ?? SETTING_DEFINITIONS[key].default }, after: { value: saved.value } };
          await recordAudit(tx, ctx, { action: "settings.update", target: { type: "setting", id: key }, ...values, secretFields: secret ? ["value"] : [] });
          return saved;
        });
  const setting = toSettingDto(row);
  deps.events.publish("setting.updated", { companyId: ctx.companyId, setting });
  return setting;
}
