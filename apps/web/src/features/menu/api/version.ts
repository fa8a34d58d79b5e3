import { ZVersionResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /version: the product version the server reports (no session needed). */
export function fetchVersion(): Promise<string> {
  return apiRequest("/version", ZVersionResponse, { sessionHandling: false }).then((answer) => answer.version);
}

/** The product version shown at the foot of the menu. */
export function useVersion() {
  return useQuery({
    queryKey: ["version"],
    queryFn: fetchVersion,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
}
