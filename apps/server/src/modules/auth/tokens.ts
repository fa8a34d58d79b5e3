import { randomBytes } from "node:crypto";
import { SignJWT, errors, jwtVerify } from "jose";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";

const ISSUER = "conversa";
const ZAccessClaims = z.object({ sub: z.string().regex(/^\d+$/), cid: z.number().int(), ver: z.number().int() });
const ZRefreshClaims = z.object({ sub: z.string().regex(/^\d+$/), cid: z.number().int(), ver: z.number().int(), jti: z.string().min(16) });

export interface AccessClaims {
  userId: number;
  companyId: number;
  version: number;
}

export interface RefreshClaims {
  userId: number;
  /** The company the session was opened in: a user moved to another company has to log in again. */
  companyId: number;
  version: number;
  tokenId: string;
}

export interface TokenKeys {
  accessSecret: string;
  refreshSecret: string;
  accessTtl: string;
  refreshTtl: string;
  /** The time a token's expiry is checked against: the system's clock unless a test moves it. */
  now?: () => Date;
}

/** jose's verification options at the keys' clock. */
function checkedAt(keys: TokenKeys): { currentDate?: Date } {
  return keys.now ? { currentDate: keys.now() } : {};
}

const encoder = new TextEncoder();

export function newTokenId(): string {
  return randomBytes(24).toString("base64url");
}

export function signAccessToken(keys: TokenKeys, claims: AccessClaims): Promise<string> {
  return new SignJWT({ cid: claims.companyId, ver: claims.version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience("access")
    .setIssuedAt()
    .setExpirationTime(keys.accessTtl)
    .sign(encoder.encode(keys.accessSecret));
}

export function signRefreshToken(keys: TokenKeys, claims: RefreshClaims): Promise<string> {
  return new SignJWT({ cid: claims.companyId, ver: claims.version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setJti(claims.tokenId)
    .setIssuer(ISSUER)
    .setAudience("refresh")
    .setIssuedAt()
    .setExpirationTime(keys.refreshTtl)
    .sign(encoder.encode(keys.refreshSecret));
}

/**
 * Verifies an access token's signature and expiry.
 * Throws ERR_INVALID_TOKEN (403: the client refreshes) when expired, ERR_SESSION_EXPIRED (401) when forged or malformed.
 */
export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(keys.accessSecret), { issuer: ISSUER, audience: "access", algorithms: ["HS256"], ...checkedAt(keys) });
    const claims = ZAccessClaims.parse(payload);
    return { userId: Number(claims.sub), companyId: claims.cid, version: claims.ver };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError("ERR_INVALID_TOKEN");
    throw new AppError("ERR_SESSION_EXPIRED");
  }
}

/** Verifies a refresh token. Any failure ends the session (ERR_SESSION_EXPIRED). */
export async function verifyRefreshToken(keys: TokenKeys, token: string): Promise<RefreshClaims> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(keys.refreshSecret), { issuer: ISSUER, audience: "refresh", algorithms: ["HS256"], ...checkedAt(keys) });
    const claims = ZRefreshClaims.parse(payload);
    return { userId: Number(claims.sub), companyId: claims.cid, version: claims.ver, tokenId: claims.jti };
  } catch {
    throw new AppError("ERR_SESSION_EXPIRED");
  }
}
