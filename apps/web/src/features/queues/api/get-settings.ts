import { ZSettingsList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { queueSettingsQueryKey } from "./query-keys.ts";

/** GET /settings, read for `scheduleType`: queue hours are edited only when it is `queue`. */
export function fetchScheduleType(signal?: AbortSignal): Promise<string> {
  return apiRequest("/settings", ZSettingsList, { signal }).then((settings) => settings.find((setting) => setting.key === "scheduleType")?.value ?? "disabled");
}

/** The company's `scheduleType` setting (read fresh each time the queue modal opens). */
export function useScheduleType() {
  return useQuery({ queryKey: queueSettingsQueryKey, queryFn: ({ signal }) => fetchScheduleType(signal), staleTime: 0 });
}
