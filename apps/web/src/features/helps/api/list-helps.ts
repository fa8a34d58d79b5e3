import { type Help, ZHelp } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { helpsQueryKey } from "./query-keys.ts";

/** GET /helps/list: every help video by title (any logged-in user). */
export function fetchHelps(signal?: AbortSignal): Promise<Help[]> {
  return apiRequest("/helps/list", z.array(ZHelp), { signal });
}

/** The help videos of the Ajuda tab and the /helps gallery. Each shows the spec's load failure text itself. */
export function useHelps() {
  return useQuery({ queryKey: helpsQueryKey, queryFn: ({ signal }) => fetchHelps(signal), meta: { silentError: true } });
}
