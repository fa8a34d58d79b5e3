import { type Company, type CreateCompanyBody, type UpdateCompanyBody, ZCompany } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { companiesListPrefix } from "./query-keys.ts";

export type SaveCompanyInput = { id: null; body: CreateCompanyBody } | { id: number; body: UpdateCompanyBody };

/**
 * POST /companies, or PUT /companies/{id} (with `renew`, the due date moves on by the recurrence).
 * Rejects with ERR_DUPLICATED_COMPANY, ERR_EMAIL_ALREADY_EXISTS, ERR_NO_PLAN_FOUND, ERR_USER_LIMIT, ERR_OWN_COMPANY, ERR_VALIDATION.
 */
export function saveCompany(input: SaveCompanyInput): Promise<Company> {
  return input.id === null
    ? apiRequest("/companies", ZCompany, { method: "POST", body: input.body })
    : apiRequest(`/companies/${input.id}`, ZCompany, { method: "PUT", body: input.body });
}

/** Creates or changes a company; the table is read again. The tab shows the spec's save failure text itself. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesListPrefix }),
  });
}
