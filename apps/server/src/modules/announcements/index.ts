/** What the rest of the server uses of the announcements module: who may see an announcement. */
export { canSeeAnnouncement } from "./announcements.policy.ts";
