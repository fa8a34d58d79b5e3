import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { companiesListPrefix } from "./query-keys.ts";

/** DELETE /companies/{id}: the company and everything it holds. Rejects with ERR_OWN_COMPANY, ERR_LAST_SUPER, ERR_NO_COMPANY_FOUND. */
export function deleteCompany(id: number): Promise<void> {
  return apiSend(`/companies/${id}`, { method: "DELETE" });
}

/** Deletes a company; the table is read again. The tab shows the spec's delete failure text itself. */
export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesListPrefix }),
  });
}
