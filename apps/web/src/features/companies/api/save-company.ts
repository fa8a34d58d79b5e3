import { type Company, type CreateCompanyBody, type CreatedCompany, type UpdateCompanyBody, ZCompany, ZCreatedCompany } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n.ts";
import { showToast } from "../../../lib/toast.ts";
import { companiesListPrefix } from "./query-keys.ts";

export type SaveCompanyInput = { id: null; body: CreateCompanyBody } | { id: number; body: UpdateCompanyBody };

/**
 * POST /companies (the answer says whether the first admin's invitation was mailed), or PUT
 * /companies/{id} (with `renew`, the due date moves on by the recurrence). Rejects with
 * ERR_DUPLICATED_COMPANY, ERR_EMAIL_ALREADY_EXISTS, ERR_NO_PLAN_FOUND, ERR_USER_LIMIT, ERR_OWN_COMPANY,
 * ERR_MAIL_NOT_CONFIGURED, ERR_VALIDATION.
 */
export function saveCompany(input: SaveCompanyInput): Promise<Company | CreatedCompany> {
  return input.id === null
    ? apiRequest("/companies", ZCreatedCompany, { method: "POST", body: input.body })
    : apiRequest(`/companies/${input.id}`, ZCompany, { method: "PUT", body: input.body });
}

/**
 * Creates or changes a company; the table is read again. The tab shows the spec's save failure text
 * itself; a creation also says where the first admin's invitation went, or that it could not be mailed.
 */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    meta: { silentError: true },
    onSuccess: (company) => {
      if ("invitation" in company) {
        const email = company.email ?? "";
        if (company.invitation === "sent") showToast(i18n.t("companies.invitationSent", { email }), "info");
        else showToast(i18n.t("companies.invitationFailed", { email }), "warning", 10_000);
      }
      return queryClient.invalidateQueries({ queryKey: companiesListPrefix });
    },
  });
}
