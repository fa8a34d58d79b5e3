import type { TwoFactorDisableBody, TwoFactorEnableResponse, TwoFactorSetupResponse } from "@conversa/shared";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import type { Db } from "../../db/client.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import { hashRecoveryCode, matchRecoveryCode, newRecoveryCodes } from "./recovery-codes.ts";
import { matchTotp, newTotpSecret, totpUrl } from "./totp.ts";
import {
  type TwoFactorRow,
  claimTotpStep,
  clearTwoFactorRow,
  consumeRecoveryCode,
  enableTwoFactorRow,
  findTwoFactorRow,
  savePendingSecret,
} from "./two-factor.repository.ts";

/** What two-factor sign-in uses of the auth module's dependencies (AuthDeps has them all). */
export interface TwoFactorDeps {
  db: Db;
  box: SecretBox;
  throttle: LoginThrottle;
  now?: () => Date;
}

type AuthDeps = TwoFactorDeps;

const nowOf = (deps: Pick<AuthDeps, "now">) => deps.now?.() ?? new Date();
const invalidCode = () => new AppError("ERR_2FA_INVALID_CODE", undefined, "Invalid or already used code");

async function requireRow(deps: AuthDeps, userId: number): Promise<TwoFactorRow> {
  const row = await findTwoFactorRow(deps.db, userId);
  if (!row) throw new AppError("ERR_SESSION_EXPIRED");
  return row;
}

/**
 * Checks the second factor of a user who has it on: a TOTP code of the current step or of one step either
 * side, whose step is later than the last accepted one (each code is accepted once), or an unused recovery
 * code, which is then removed (its use is audited). Answers which kind matched, or null.
 */
export async function checkSecondFactor(deps: AuthDeps, row: TwoFactorRow, code: string, actor: AuditActor): Promise<"totp" | "recovery" | null> {
  const secret = row.totpSecret === null ? undefined : deps.box.open(row.totpSecret);
  if (secret === undefined || row.totpEnabledAt === null) return null;
  const typed = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(typed)) {
    const step = matchTotp(secret, typed, nowOf(deps));
    return step !== null && (await claimTotpStep(deps.db, row.id, step)) ? "totp" : null;
  }
  const stored = row.recoveryCodes ?? [];
  const index = matchRecoveryCode(typed, stored);
  const hash = stored[index];
  if (hash === undefined) return null;
  const used = await deps.db.transaction(async (tx) => {
    if (!(await consumeRecoveryCode(tx, row.id, hash))) return false;
    await recordAudit(tx, actor, { action: "auth.2fa.recovery_code_used", companyId: row.companyId, target: { type: "user", id: row.id } });
    return true;
  });
  return used ? "recovery" : null;
}

/**
 * POST /auth/2fa/setup: a new secret for the acting user, kept pending until a code of it is given to
 * `enableTwoFactor`. Throws ERR_2FA_ALREADY_ENABLED.
 */
export async function setupTwoFactor(deps: AuthDeps, ctx: RequestContext): Promise<TwoFactorSetupResponse> {
  const row = await requireRow(deps, ctx.userId);
  if (row.totpEnabledAt !== null) throw new AppError("ERR_2FA_ALREADY_ENABLED");
  const secret = newTotpSecret();
  if (!(await savePendingSecret(deps.db, ctx.userId, deps.box.seal(secret)))) throw new AppError("ERR_2FA_ALREADY_ENABLED");
  return { secret, otpauthUrl: totpUrl(secret, row.email) };
}

/**
 * POST /auth/2fa/enable: turns two-factor sign-in on when the code is one of the pending secret's, and
 * answers ten recovery codes (only their hashes are kept). Throws ERR_2FA_ALREADY_ENABLED,
 * ERR_2FA_NOT_SET_UP, ERR_2FA_INVALID_CODE.
 */
export async function enableTwoFactor(deps: AuthDeps, ctx: RequestContext, code: string): Promise<TwoFactorEnableResponse> {
  const row = await requireRow(deps, ctx.userId);
  if (row.totpEnabledAt !== null) throw new AppError("ERR_2FA_ALREADY_ENABLED");
  const pending = row.totpPendingSecret === null ? undefined : deps.box.open(row.totpPendingSecret);
  if (row.totpPendingSecret === null || pending === undefined) throw new AppError("ERR_2FA_NOT_SET_UP");
  const step = matchTotp(pending, code, nowOf(deps));
  if (step === null) throw invalidCode();
  const recoveryCodes = newRecoveryCodes();
  const sealed = row.totpPendingSecret;
  await deps.db.transaction(async (tx) => {
    if (!(await enableTwoFactorRow(tx, ctx.userId, sealed, step, recoveryCodes.map(hashRecoveryCode)))) throw new AppError("ERR_2FA_NOT_SET_UP");
    await recordAudit(tx, ctx, { action: "auth.2fa.enable", target: { type: "user", id: ctx.userId }, before: { twoFactor: false }, after: { twoFactor: true } });
  });
  return { recoveryCodes };
}

/**
 * POST /auth/2fa/disable: turns two-factor sign-in off with the current password and a current code (or
 * an unused recovery code). Wrong guesses count on the account's login throttle from that address, like
 * a wrong current password. Throws ERR_2FA_NOT_ENABLED, ERR_RATE_LIMITED, ERR_WRONG_PASSWORD, ERR_2FA_INVALID_CODE.
 */
export async function disableTwoFactor(deps: AuthDeps, ctx: RequestContext, body: TwoFactorDisableBody, clientAddress: string): Promise<void> {
  const row = await requireRow(deps, ctx.userId);
  if (row.totpEnabledAt === null) throw new AppError("ERR_2FA_NOT_ENABLED");
  // The session is the owner's device: only its own pair counter slows it (as for the current password).
  const attempt = { email: row.email, clientAddress, knownDevice: true };
  const { retryAfterMs } = await deps.throttle.begin(attempt, nowOf(deps));
  if (retryAfterMs > 0) throw new AppError("ERR_RATE_LIMITED", { retryAfter: Math.ceil(retryAfterMs / 1000) });
  if (!(await verifyPassword(row.passwordHash, body.password))) throw new AppError("ERR_WRONG_PASSWORD", undefined, "The current password is missing or wrong");
  if ((await checkSecondFactor(deps, row, body.code, ctx)) === null) throw invalidCode();
  await deps.throttle.succeeded(attempt);
  await deps.db.transaction(async (tx) => {
    if (!(await clearTwoFactorRow(tx, ctx.userId))) throw new AppError("ERR_2FA_NOT_ENABLED");
    await recordAudit(tx, ctx, { action: "auth.2fa.disable", target: { type: "user", id: ctx.userId }, before: { twoFactor: true }, after: { twoFactor: false } });
  });
}
