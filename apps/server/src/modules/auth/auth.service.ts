import type { LoginBody, SessionUser } from "@conversa/shared";
import { ZProfile } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { dummyPasswordHash, verifyPassword } from "../../lib/passwords.ts";
import {
  type AuthUserRow,
  endSessions,
  findAuthUserByEmail,
  findAuthUserById,
  loadSessionUser,
  rotateRefreshToken,
  startSession,
} from "./auth.repository.ts";
import type { LoginLimiter } from "./login-limiter.ts";
import { type TokenKeys, newTokenId, signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from "./tokens.ts";

export interface AuthDeps {
  db: Db;
  events: DomainEvents;
  tokens: TokenKeys;
  limiter: LoginLimiter;
  now?: () => Date;
}

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

function assertCompanyActive(user: AuthUserRow, now: Date): void {
  if (user.isSuper) return;
  if (!user.companyStatus) throw new AppError("ERR_NO_PERMISSION", undefined, "Company disabled");
  if (user.companyDueDate && user.companyDueDate.getTime() < now.getTime()) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: user.companyDueDate.toISOString() });
  }
}

async function issue(deps: AuthDeps, user: AuthUserRow, version: number, refreshTokenId: string): Promise<IssuedSession> {
  const [token, refreshToken, sessionUser] = await Promise.all([
    signAccessToken(deps.tokens, { userId: user.id, companyId: user.companyId, version }),
    signRefreshToken(deps.tokens, { userId: user.id, version, tokenId: refreshTokenId }),
    loadSessionUser(deps.db, user.id),
  ]);
  if (!sessionUser) throw new AppError("ERR_SESSION_EXPIRED");
  return { token, refreshToken, user: sessionUser };
}

/**
 * Logs a user in and ends any other session of the same account.
 * Throws ERR_RATE_LIMITED after too many failures from the address or on the account,
 * ERR_INVALID_CREDENTIALS, ERR_SUBSCRIPTION_EXPIRED (details.dueDate) for a company past its due date,
 * ERR_NO_PERMISSION for a disabled company.
 */
export async function login(deps: AuthDeps, body: LoginBody, clientAddress: string): Promise<IssuedSession> {
  const keys = [`ip:${clientAddress}`, `account:${body.email}`];
  const waitMs = Math.max(...keys.map((key) => deps.limiter.retryAfterMs(key)));
  if (waitMs > 0) throw new AppError("ERR_RATE_LIMITED", { retryAfterSeconds: Math.ceil(waitMs / 1000) });

  const user = await findAuthUserByEmail(deps.db, body.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !passwordOk) {
    for (const key of keys) deps.limiter.recordFailure(key);
    throw new AppError("ERR_INVALID_CREDENTIALS");
  }
  for (const key of keys) deps.limiter.clear(key);
  assertCompanyActive(user, deps.now?.() ?? new Date());

  const refreshTokenId = newTokenId();
  const version = await startSession(deps.db, user.id, refreshTokenId);
  deps.events.publish("session.replaced", { companyId: user.companyId, userId: user.id });
  return issue(deps, user, version, refreshTokenId);
}

/**
 * Trades a refresh token for a new access token and a new refresh token (rotation).
 * A refresh token used a second time ends the session. Throws ERR_SESSION_EXPIRED, ERR_SUBSCRIPTION_EXPIRED.
 */
export async function refreshSession(deps: AuthDeps, refreshToken: string | undefined): Promise<IssuedSession> {
  if (!refreshToken) throw new AppError("ERR_SESSION_EXPIRED");
  const claims = await verifyRefreshToken(deps.tokens, refreshToken);
  const user = await findAuthUserById(deps.db, claims.userId);
  if (!user || user.tokenVersion !== claims.version) throw new AppError("ERR_SESSION_EXPIRED");
  assertCompanyActive(user, deps.now?.() ?? new Date());
  const nextId = newTokenId();
  const rotated = await rotateRefreshToken(deps.db, user.id, claims.version, claims.tokenId, nextId);
  if (!rotated) {
    // A refresh token that was already rotated is being replayed: treat the session as stolen.
    await endSessions(deps.db, user.id);
    deps.events.publish("session.ended", { companyId: user.companyId, userId: user.id });
    throw new AppError("ERR_SESSION_EXPIRED");
  }
  return issue(deps, user, claims.version, nextId);
}

/** Ends the session of the acting user. */
export async function logout(deps: AuthDeps, ctx: RequestContext): Promise<void> {
  await endSessions(deps.db, ctx.userId);
  deps.events.publish("session.ended", { companyId: ctx.companyId, userId: ctx.userId });
}

/** The signed-in user. Throws ERR_SESSION_EXPIRED when the account is gone. */
export async function getSessionUser(deps: AuthDeps, ctx: RequestContext): Promise<SessionUser> {
  const user = await loadSessionUser(deps.db, ctx.userId);
  if (!user) throw new AppError("ERR_SESSION_EXPIRED");
  return user;
}

/**
 * Turns a bearer token into the request context, checked against the database on every call so that
 * a newer login, a logout or a deleted user takes effect at once.
 * Throws ERR_INVALID_TOKEN (expired: refresh and retry) or ERR_SESSION_EXPIRED.
 */
export async function authenticate(deps: Pick<AuthDeps, "db" | "tokens">, token: string | undefined): Promise<RequestContext> {
  if (!token) throw new AppError("ERR_SESSION_EXPIRED");
  const claims = await verifyAccessToken(deps.tokens, token);
  const user = await findAuthUserById(deps.db, claims.userId);
  if (!user || user.tokenVersion !== claims.version || user.companyId !== claims.companyId) {
    throw new AppError("ERR_SESSION_EXPIRED");
  }
  return { companyId: user.companyId, userId: user.id, profile: ZProfile.catch("user").parse(user.profile), isSuper: user.isSuper };
}
