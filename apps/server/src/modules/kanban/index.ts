/** What the rest of the server uses of the kanban module. */
export { kanbanRoutes } from "./kanban.routes.ts";
