/** What other modules may use of the companies module. */
export { assertPlanAllows } from "./plan-gate.ts";
