/** What other modules may use of the users module. */
export { fitsUserLimit } from "./users.policy.ts";
export { lockCompanyUsers, lockSuperUsers } from "./users.repository.ts";
