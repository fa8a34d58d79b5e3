/** What other modules may use of the distribution module. */
export { distributionRoutes } from "./distribution.routes.ts";
