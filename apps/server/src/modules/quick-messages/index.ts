/** What the rest of the server uses of the quick-messages module: who may see a quick reply. */
export { canSeeQuickMessage } from "./quick-messages.policy.ts";
