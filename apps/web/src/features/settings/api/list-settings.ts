import { type Setting, ZSettingsList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { settingsQueryKey } from "./query-keys.ts";

/** GET /settings: every setting of the company; secret values come back empty with `hasValue`. */
export function fetchSettings(signal?: AbortSignal): Promise<Setting[]> {
  return apiRequest("/settings", ZSettingsList, { signal });
}

export function useSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: ({ signal }) => fetchSettings(signal) });
}
