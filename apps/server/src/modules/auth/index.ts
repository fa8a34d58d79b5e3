/** What the rest of the server uses of the auth module: the sessions behind a token, the presence of their users, the login throttle. */
export { markUserPresence } from "./auth.repository.ts";
export { type AuthDeps, authenticate, authenticateSession, endedSessions } from "./auth.service.ts";
export type { LoginThrottle } from "./login-throttle.ts";
export type { AccessClaims } from "./tokens.ts";
export { clearTwoFactorRow } from "./two-factor.repository.ts";
