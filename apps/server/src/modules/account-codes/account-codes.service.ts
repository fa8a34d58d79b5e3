import type { FastifyBaseLogger } from "fastify";
import { ACCOUNT_CODE_TTL_MINUTES, type ResetPasswordParams } from "@conversa/shared";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { recordAudit } from "../audit/index.ts";
import { type RateRule, hitRateLimits } from "../../db/rate-limit.ts";
import type { MailLanguage } from "../../mail/language.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { hashAccountCode, newAccountCode, sameCodeHash } from "./account-code.ts";
import { composeAccountCodeMail } from "./account-code-mail.ts";
import {
  type CodeOwner,
  countFailedTry,
  deleteCode,
  findCodeOwnerByEmail,
  findPendingCode,
  insertCode,
  lockCodeOwner,
  markCodeUsed,
  retireUnusedCodes,
  setPasswordEndingSessions,
} from "./account-codes.repository.ts";

export interface AccountCodeDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  logger?: FastifyBaseLogger;
}

export interface PasswordResetDeps extends AccountCodeDeps {
  events: DomainEvents;
}

/** Wrong tries a code survives: the fifth wrong one ends it. */
export const MAX_FAILED_TRIES = 5;

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Requests per window of the two public password-reset routes, counted by every server process alike
 * (docs/security.md): per client address, and per e-mail so that one address is not mailed over and over.
 */
export const PASSWORD_RESET_LIMITS = {
  requestPerAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
  requestPerEmail: { max: 5, windowMs: FIFTEEN_MINUTES },
  resetPerAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
  resetPerEmail: { max: 10, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateRule>;

/** The password reset page with the e-mail filled in (it opens on the code step), when the public address is known. */
function resetPageLink(config: Config, email: string): string | undefined {
  return config.publicUrl ? `${config.publicUrl}/forgetpsw?email=${encodeURIComponent(email)}` : undefined;
}

/**
 * Mails the user a new code to set their password at /forgetpsw: a reset code (valid 30 minutes) or,
 * for the first admin of a new company, an invitation (valid 72 hours). Earlier unused codes of the user
 * stop working; only the code's keyed hash is stored. Call it after the user's row is committed.
 * Throws ERR_MAIL_NOT_CONFIGURED (no mail on this server), ERR_MAIL_SEND_FAILED (the code is then dropped),
 * ERR_NO_USER_FOUND (the user is gone).
 */
export async function sendAccountCode(
  deps: AccountCodeDeps,
  user: { id: number; email: string; name: string },
  purpose: "reset" | "invite",
  language: "pt" | "en" | "es",
): Promise<void> {
  if (!deps.mailer.enabled) throw new AppError("ERR_MAIL_NOT_CONFIGURED", undefined, "This server has no mail configured (SMTP_URL)");
  const code = newAccountCode();
  const codeId = await deps.db.transaction(async (tx) => {
    if (!(await lockCodeOwner(tx, { id: user.id }))) throw new AppError("ERR_NO_USER_FOUND", undefined, "User not found");
    await retireUnusedCodes(tx, user.id);
    return insertCode(tx, { userId: user.id, purpose, codeHash: hashAccountCode(deps.config.jwtRefreshSecret, user.id, code), ttlMinutes: ACCOUNT_CODE_TTL_MINUTES[purpose] });
  });
  const message = composeAccountCodeMail({ purpose, language, name: user.name, email: user.email, code, link: resetPageLink(deps.config, user.email) });
  try {
    await deps.mailer.send({ to: user.email, ...message });
  } catch (error) {
    // A code nobody received must not stay usable.
    await deleteCode(deps.db, codeId);
    throw error;
  }
  deps.logger?.info({ userId: user.id, purpose }, "account code mailed");
}

/**
 * Step 1 of the password reset (POST /forgetpassword/{email}): mails a reset code in `language`.
 * Throws ERR_MAIL_NOT_CONFIGURED, ERR_RATE_LIMITED (details.retryAfter), ERR_EMAIL_NOT_FOUND (the
 * spec's 404 'Email não encontrado'), ERR_MAIL_SEND_FAILED.
 */
export async function requestPasswordReset(deps: AccountCodeDeps, email: string, clientAddress: string, language: MailLanguage): Promise<void> {
  if (!deps.mailer.enabled) throw new AppError("ERR_MAIL_NOT_CONFIGURED", undefined, "This server has no mail configured (SMTP_URL)");
  await hitRateLimits(deps.db, [
    { name: "password-reset.request.address", subject: clientAddress, rule: PASSWORD_RESET_LIMITS.requestPerAddress },
    { name: "password-reset.request.email", subject: email, rule: PASSWORD_RESET_LIMITS.requestPerEmail },
  ]);
  const user = await findCodeOwnerByEmail(deps.db, email);
  if (!user) throw new AppError("ERR_EMAIL_NOT_FOUND", undefined, "No account has this e-mail");
  await sendAccountCode(deps, user, "reset", language);
  // Recorded once the code is stored and mailed (the mail is no change to join): the user's id only.
  await recordAudit(deps.db, { userId: user.id, companyId: user.companyId, ip: clientAddress }, { action: "auth.password_reset_request", target: { type: "user", id: user.id } });
}

type ResetOutcome = { kind: "reset"; user: CodeOwner } | { kind: "invalid" } | { kind: "expired" };

/**
 * Step 2 (POST /resetpasswords/{email}/{token}/{newPassword}): sets the new password with the mailed
 * code (a reset or an invitation code), uses the code up and ends every session of the user (their
 * sockets are dropped). A wrong code counts against the pending one, which the fifth wrong try ends.
 * Parallel uses of one code are serialised on the user's row: exactly one wins.
 * Throws ERR_RATE_LIMITED, ERR_INVALID_RESET_CODE (wrong, used, replaced, burned, or no such account),
 * ERR_RESET_CODE_EXPIRED.
 */
export async function resetPassword(deps: PasswordResetDeps, params: ResetPasswordParams, clientAddress: string): Promise<void> {
  await hitRateLimits(deps.db, [
    { name: "password-reset.reset.address", subject: clientAddress, rule: PASSWORD_RESET_LIMITS.resetPerAddress },
    { name: "password-reset.reset.email", subject: params.email, rule: PASSWORD_RESET_LIMITS.resetPerEmail },
  ]);
  // The outcome is returned, not thrown, so that a wrong try's count is committed.
  const outcome = await deps.db.transaction(async (tx): Promise<ResetOutcome> => {
    const user = await lockCodeOwner(tx, { email: params.email });
    const pending = user && (await findPendingCode(tx, user.id));
    if (!user || !pending) return { kind: "invalid" };
    if (pending.isExpired) return { kind: "expired" };
    if (!sameCodeHash(pending.codeHash, hashAccountCode(deps.config.jwtRefreshSecret, user.id, params.token))) {
      await countFailedTry(tx, pending.id, pending.failedTries + 1 >= MAX_FAILED_TRIES);
      return { kind: "invalid" };
    }
    await setPasswordEndingSessions(tx, user.id, await hashPassword(params.newPassword));
    await markCodeUsed(tx, pending.id);
    await recordAudit(tx, { userId: user.id, companyId: user.companyId, ip: clientAddress }, { action: "auth.password_reset", target: { type: "user", id: user.id } });
    return { kind: "reset", user };
  });
  if (outcome.kind === "invalid") throw new AppError("ERR_INVALID_RESET_CODE", undefined, "Invalid code: check it or request a new one");
  if (outcome.kind === "expired") throw new AppError("ERR_RESET_CODE_EXPIRED", undefined, "The code expired: request a new one");
  deps.events.publish("session.ended", { companyId: outcome.user.companyId, userId: outcome.user.id });
  deps.logger?.info({ userId: outcome.user.id }, "password set with a mailed code; every session of the user ended");
}
