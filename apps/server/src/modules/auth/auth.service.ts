import type { LoginBody, SessionUser } from "@conversa/shared";
import { ZProfile } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { recordAudit } from "../audit/index.ts";
import { type RequestContext, withSessionFacts } from "../../lib/context.ts";
import { dummyPasswordHash, verifyPassword } from "../../lib/passwords.ts";
import {
  type AuthUserRow,
  endSessions,
  findAuthUserByEmail,
  findAuthUserById,
  findAuthUsersByIds,
  findGraceSuccessor,
  findSessionUserById,
  loadSessionUser,
  rotateRefreshToken,
  startSession,
} from "./auth.repository.ts";
import { isKnownDevice, withKnownDevice } from "./known-device.ts";
import { checkSecondFactor } from "./two-factor.service.ts";
import { findTwoFactorRow } from "./two-factor.repository.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import { type AccessClaims, type TokenKeys, newTokenId, signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from "./tokens.ts";

export interface AuthDeps {
  db: Db;
  events: DomainEvents;
  tokens: TokenKeys;
  throttle: LoginThrottle;
  /** Seals the TOTP secrets of two-factor sign-in. */
  box: SecretBox;
  /** The clock of the throttle and of the TOTP codes (tests move it). */
  now?: () => Date;
}

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

export interface LoginSession extends IssuedSession {
  /** The known-device cookie's new value: this account first (see known-device.ts). */
  knownDevice: string;
}

/** Whether the user's company admits its users now: enabled and not past its due date. Super users are always admitted. */
function isCompanyActive(user: AuthUserRow, now: Date): boolean {
  return user.isSuper || (user.companyStatus && !(user.companyDueDate && user.companyDueDate.getTime() < now.getTime()));
}

/**
 * Refuses a user whose company does not admit them now. A disabled company answers ERR_COMPANY_DISABLED
 * at login, and ends a refreshed session (ERR_SESSION_EXPIRED: the client goes back to the login page).
 */
function assertCompanyActive(user: AuthUserRow, now: Date, at: "login" | "refresh"): void {
  if (user.isSuper) return;
  if (!user.companyStatus) throw at === "login" ? new AppError("ERR_COMPANY_DISABLED", undefined, "The company is disabled") : new AppError("ERR_SESSION_EXPIRED");
  if (user.companyDueDate && user.companyDueDate.getTime() < now.getTime()) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: user.companyDueDate.toISOString() });
  }
}

async function issue(deps: AuthDeps, user: AuthUserRow, version: number, refreshTokenId: string): Promise<IssuedSession> {
  const [token, refreshToken, sessionUser] = await Promise.all([
    signAccessToken(deps.tokens, { userId: user.id, companyId: user.companyId, version }),
    signRefreshToken(deps.tokens, { userId: user.id, companyId: user.companyId, version, tokenId: refreshTokenId }),
    loadSessionUser(deps.db, user.id),
  ]);
  if (!sessionUser) throw new AppError("ERR_SESSION_EXPIRED");
  return { token, refreshToken, user: sessionUser };
}

/** Records a failed sign-in on its own (there is no change to join): the matched user's id only, never what was typed. */
async function auditFailedLogin(deps: AuthDeps, user: AuthUserRow | undefined, clientAddress: string, reason: "password" | "code"): Promise<void> {
  const actor = user ? { userId: user.id, companyId: user.companyId, ip: clientAddress } : { userId: null, companyId: null, ip: clientAddress };
  await recordAudit(deps.db, actor, { action: "auth.login_failed", ...(user ? { target: { type: "user", id: user.id } } : {}), after: { reason } });
}

/**
 * Logs a user in and ends any other session of the same account. Failures are throttled per account
 * and address pair, per account and per address (login-throttle.ts); a request carrying the account's
 * known-device cookie is slowed by its own pair only. A right password clears the pair's counter.
 * An account with two-factor sign-in on also needs `code` (a TOTP code or an unused recovery code): a
 * right password without it answers ERR_2FA_REQUIRED and counts nothing; a wrong code counts as a
 * failure. The known-device cookie never stands in for the code.
 * Throws ERR_RATE_LIMITED (details.retryAfter, in seconds), ERR_INVALID_CREDENTIALS, ERR_2FA_REQUIRED,
 * ERR_2FA_INVALID_CODE, ERR_SUBSCRIPTION_EXPIRED (details.dueDate) for a company past its due date,
 * ERR_COMPANY_DISABLED for a disabled company.
 */
export async function login(deps: AuthDeps, body: LoginBody, clientAddress: string, knownDeviceCookie: string | undefined): Promise<LoginSession> {
  const user = await findAuthUserByEmail(deps.db, body.email);
  const knownDevice = user !== undefined && isKnownDevice(deps.tokens.refreshSecret, knownDeviceCookie, user.id);
  const attempt = { email: body.email, clientAddress, knownDevice };
  const { retryAfterMs } = await deps.throttle.begin(attempt, deps.now?.() ?? new Date());
  if (retryAfterMs > 0) throw new AppError("ERR_RATE_LIMITED", { retryAfter: Math.ceil(retryAfterMs / 1000) });

  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !passwordOk) {
    await auditFailedLogin(deps, user, clientAddress, "password");
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  const actor = { userId: user.id, companyId: user.companyId, ip: clientAddress };
  const twoFactor = await findTwoFactorRow(deps.db, user.id);
  if (twoFactor?.totpEnabledAt) {
    if (body.code === undefined) {
      await deps.throttle.released(attempt);
      throw new AppError("ERR_2FA_REQUIRED", undefined, "Two-factor code required");
    }
    if ((await checkSecondFactor(deps, twoFactor, body.code, actor)) === null) {
      await auditFailedLogin(deps, user, clientAddress, "code");
      throw new AppError("ERR_2FA_INVALID_CODE", undefined, "Invalid or already used code");
    }
  }
  await deps.throttle.succeeded(attempt);
  assertCompanyActive(user, deps.now?.() ?? new Date(), "login");

  const refreshTokenId = newTokenId();
  const version = await deps.db.transaction(async (tx) => {
    const started = await startSession(tx, user.id, refreshTokenId);
    await recordAudit(tx, actor, { action: "auth.login", target: { type: "user", id: user.id } });
    return started;
  });
  deps.events.publish("session.replaced", { companyId: user.companyId, userId: user.id });
  const session = await issue(deps, user, version, refreshTokenId);
  return { ...session, knownDevice: withKnownDevice(deps.tokens.refreshSecret, knownDeviceCookie, user.id) };
}

/**
 * How long a rotated refresh token is still answered, in milliseconds: two requests of one client (or
 * two tabs) that refresh at once with the same cookie both get the session of that one rotation.
 */
export const REFRESH_GRACE_MS = 30_000;

/**
 * Trades a refresh token for a new access token and a new refresh token (rotation). The token just
 * replaced, presented again within REFRESH_GRACE_MS of its rotation, answers a new access token and a
 * refresh token of that same rotation (same id); presented later, or after a further rotation, it is
 * taken as stolen and replayed, and ends the session. Throws ERR_SESSION_EXPIRED, ERR_SUBSCRIPTION_EXPIRED.
 */
export async function refreshSession(deps: AuthDeps, refreshToken: string | undefined): Promise<IssuedSession> {
  if (!refreshToken) throw new AppError("ERR_SESSION_EXPIRED");
  const claims = await verifyRefreshToken(deps.tokens, refreshToken);
  const user = await findAuthUserById(deps.db, claims.userId);
  if (!user || user.tokenVersion !== claims.version || user.companyId !== claims.companyId) throw new AppError("ERR_SESSION_EXPIRED");
  assertCompanyActive(user, deps.now?.() ?? new Date(), "refresh");
  const nextId = newTokenId();
  const rotated = await rotateRefreshToken(deps.db, user.id, claims.version, claims.tokenId, nextId);
  if (!rotated) {
    const successor = await findGraceSuccessor(deps.db, user.id, claims.version, claims.tokenId, REFRESH_GRACE_MS);
    if (successor !== undefined) return issue(deps, user, claims.version, successor);
    // A refresh token that was already rotated is being replayed: treat the session as stolen.
    await endSessions(deps.db, user.id);
    deps.events.publish("session.ended", { companyId: user.companyId, userId: user.id });
    throw new AppError("ERR_SESSION_EXPIRED");
  }
  return issue(deps, user, claims.version, nextId);
}

/** Ends the session of the acting user. */
export async function logout(deps: AuthDeps, ctx: RequestContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await endSessions(tx, ctx.userId);
    await recordAudit(tx, ctx, { action: "auth.logout", target: { type: "user", id: ctx.userId } });
  });
  deps.events.publish("session.ended", { companyId: ctx.companyId, userId: ctx.userId });
}

/** The signed-in user. Throws ERR_SESSION_EXPIRED when the account is gone. */
export async function getSessionUser(deps: AuthDeps, ctx: RequestContext): Promise<SessionUser> {
  const user = await loadSessionUser(deps.db, ctx.userId);
  if (!user) throw new AppError("ERR_SESSION_EXPIRED");
  return user;
}

/**
 * Whether a session still admits its user: the account exists in the same company, the session is its
 * current one (no newer login, logout or password set by an admin), and the company is enabled and not
 * past its due date (super users excepted).
 */
function admits<T extends AuthUserRow>(user: T | undefined, claims: AccessClaims, now: Date): user is T {
  return user !== undefined && user.tokenVersion === claims.version && user.companyId === claims.companyId && isCompanyActive(user, now);
}

/**
 * Turns a bearer token into the request context and the token's claims, checked against the database
 * on every call so that a newer login, a logout, a deleted user or a disabled or overdue company takes
 * effect at once (the realtime handshake). Throws ERR_INVALID_TOKEN (expired: refresh and retry),
 * ERR_SESSION_EXPIRED, or ERR_2FA_SETUP_REQUIRED for a user who must set up two-factor sign-in first.
 */
export async function authenticateSession(deps: Pick<AuthDeps, "db" | "tokens" | "now">, token: string | undefined): Promise<{ ctx: RequestContext; claims: AccessClaims }> {
  const { user, claims } = await admittedUser(deps, token, findAuthUserById);
  assertTwoFactorSetUp(user);
  return { ctx: contextOf(user), claims };
}

/**
 * Refuses a session whose user must turn on two-factor sign-in first (ERR_2FA_SETUP_REQUIRED, 403: the
 * web client refreshes, and the refreshed session user sends it to the setup). Checked on every request
 * from the session's own row, so a requirement turned on applies at once to open sessions too.
 */
function assertTwoFactorSetUp(user: AuthUserRow): void {
  if (user.twoFactorSetupRequired) throw new AppError("ERR_2FA_SETUP_REQUIRED", undefined, "Two-factor sign-in must be set up first");
}

/**
 * The request context of a bearer token (see `authenticateSession`), for one HTTP request: the same
 * statement also reads the actor's queues, allTicket flag and time zone, kept for this context only
 * (`sessionFactsOf`). A user who must set up two-factor sign-in first is refused
 * (ERR_2FA_SETUP_REQUIRED) unless `allowTwoFactorSetup`: the setup itself, `/auth/me` and logout.
 * Throws ERR_INVALID_TOKEN, ERR_SESSION_EXPIRED or ERR_2FA_SETUP_REQUIRED.
 */
export async function authenticate(
  deps: Pick<AuthDeps, "db" | "tokens" | "now">,
  token: string | undefined,
  options: { allowTwoFactorSetup?: boolean } = {},
): Promise<RequestContext> {
  const { user } = await admittedUser(deps, token, findSessionUserById);
  if (!options.allowTwoFactorSetup) assertTwoFactorSetUp(user);
  return withSessionFacts(contextOf(user), { queueIds: user.queueIds, allTicket: user.allTicket, timezone: user.timezone });
}

async function admittedUser<T extends AuthUserRow>(
  deps: Pick<AuthDeps, "db" | "tokens" | "now">,
  token: string | undefined,
  find: (db: Db, userId: number) => Promise<T | undefined>,
): Promise<{ user: T; claims: AccessClaims }> {
  if (!token) throw new AppError("ERR_SESSION_EXPIRED");
  const claims = await verifyAccessToken(deps.tokens, token);
  const user = await find(deps.db, claims.userId);
  if (!admits(user, claims, deps.now?.() ?? new Date())) throw new AppError("ERR_SESSION_EXPIRED");
  return { user, claims };
}

const contextOf = (user: AuthUserRow): RequestContext => ({ companyId: user.companyId, userId: user.id, profile: ZProfile.catch("user").parse(user.profile), isSuper: user.isSuper });

/**
 * Of sessions admitted earlier (open sockets), those that no longer admit their users, or whose users
 * must now set up two-factor sign-in first, read in one query. The token's own expiry is not checked: an open socket outlives its access token.
 */
export async function endedSessions(deps: Pick<AuthDeps, "db" | "now">, sessions: readonly AccessClaims[]): Promise<AccessClaims[]> {
  if (sessions.length === 0) return [];
  const users = new Map((await findAuthUsersByIds(deps.db, [...new Set(sessions.map((session) => session.userId))])).map((user) => [user.id, user]));
  const now = deps.now?.() ?? new Date();
  return sessions.filter((session) => {
    const user = users.get(session.userId);
    return !admits(user, session, now) || user.twoFactorSetupRequired;
  });
}
