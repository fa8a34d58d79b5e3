/** What other modules may use of the queues module. */
export { assertCompanyQueues } from "./queues.service.ts";
