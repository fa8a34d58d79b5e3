import { ZListPromptsResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * GET /prompt: the company's AI prompts (first page), for the connection dialog's picker. Answered
 * 403 when the plan has no AI: the query fails silently and the dialog shows no picker.
 */
export function usePromptChoices() {
  return useQuery({
    queryKey: ["prompts", "picker"],
    queryFn: async () => (await apiRequest("/prompt", ZListPromptsResponse, { query: { pageNumber: 1 } })).prompts,
    meta: { silentError: true },
    retry: false,
  });
}
