import { type DistributionRule, type RuleBody, ZDistributionRule, ZListRulesResponse, ZRulePreview } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiSend } from "../../../lib/api-client.ts";
import { rulesQueryKey, storesQueryKey } from "./query-keys.ts";

/** GET /stores/{id}/rules: the store's rules in the order they are tried. */
export function useRules(storeId: number | null) {
  return useQuery({
    queryKey: rulesQueryKey(storeId ?? 0),
    queryFn: async ({ signal }) => (await apiRequest(`/stores/${storeId}/rules`, ZListRulesResponse, { signal })).rules,
    enabled: storeId !== null,
  });
}

/** POST /stores/{id}/rules or PUT /stores/{id}/rules/{ruleId}. */
export function saveRule(input: { storeId: number; ruleId: number | null; body: RuleBody }): Promise<DistributionRule> {
  const base = `/stores/${input.storeId}/rules`;
  return input.ruleId === null
    ? apiRequest(base, ZDistributionRule, { method: "POST", body: input.body })
    : apiRequest(`${base}/${input.ruleId}`, ZDistributionRule, { method: "PUT", body: input.body });
}

function useRuleMutation<T>(mutationFn: (input: T & { storeId: number }) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: rulesQueryKey(input.storeId) });
      void queryClient.invalidateQueries({ queryKey: storesQueryKey });
    },
  });
}

export const useSaveRule = () => useRuleMutation(saveRule);

/** DELETE /stores/{id}/rules/{ruleId}. */
export const useDeleteRule = () => useRuleMutation((input: { storeId: number; ruleId: number }) => apiSend(`/stores/${input.storeId}/rules/${input.ruleId}`, { method: "DELETE" }));

/** PUT /stores/{id}/rules/{ruleId}/reset-rr: the next round-robin turn is the first candidate's. */
export const useResetRulePointer = () =>
  useRuleMutation((input: { storeId: number; ruleId: number }) => apiRequest(`/stores/${input.storeId}/rules/${input.ruleId}/reset-rr`, ZDistributionRule, { method: "PUT" }));

/** GET /stores/{id}/rules/preview: what routing would decide, written nowhere. */
export function previewRules(input: { storeId: number; message: string; queueId: number | null }) {
  return apiRequest(`/stores/${input.storeId}/rules/preview`, ZRulePreview, { query: { message: input.message, queueId: input.queueId ?? undefined } });
}

export function usePreviewRules() {
  // The preview form says the failure (the catalogue's toast and the refused fields).
  return useMutation({ mutationFn: previewRules, meta: { silentError: true } });
}
