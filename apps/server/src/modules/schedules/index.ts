/** What the rest of the server uses of the schedules module. */
export { schedulesRoutes } from "./schedules.routes.ts";
export { startScheduleWorkers } from "./schedules.workers.ts";
