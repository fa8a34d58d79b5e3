/** What other modules may use of the account codes module: mailing a code (the invitation of a new company's admin). */
export { sendAccountCode, type AccountCodeDeps } from "./account-codes.service.ts";
export { passwordResetRoutes } from "./password-reset.routes.ts";
