import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { auditCompanyOptionsQueryKey, auditUserOptionsQueryKey } from "./query-keys.ts";

const ZOption = z.object({ id: z.number(), name: z.string() });
export type AuditFilterOption = z.infer<typeof ZOption>;

/** GET /users/list: the company's users, for the actor filter. */
export function fetchAuditUserOptions(): Promise<AuditFilterOption[]> {
  return apiRequest("/users/list", z.array(ZOption));
}

/** GET /companies/list: the installation's companies, for a super user's company filter. */
export function fetchAuditCompanyOptions(): Promise<AuditFilterOption[]> {
  return apiRequest("/companies/list", z.array(ZOption));
}

export function useAuditUserOptions() {
  return useQuery({ queryKey: auditUserOptionsQueryKey, queryFn: fetchAuditUserOptions });
}

export function useAuditCompanyOptions(enabled: boolean) {
  return useQuery({ queryKey: auditCompanyOptionsQueryKey, queryFn: fetchAuditCompanyOptions, enabled });
}
