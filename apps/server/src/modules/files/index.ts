/** What the rest of the server uses of the file lists module. */
export { filesRoutes } from "./files.routes.ts";
