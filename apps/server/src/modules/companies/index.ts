/** What other modules may use of the companies module. */
export { assertPlanAllows, companyPlanAllows } from "./plan-gate.ts";
export { type NewCompany, type ProvisionedCompany, auditedNewCompany, provisionCompany } from "./company-provisioning.ts";
export { findCompanyEgressFacts } from "./companies.repository.ts";
