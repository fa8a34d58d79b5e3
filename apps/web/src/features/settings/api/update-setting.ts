import { type Setting, ZSetting } from "@conversa/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { settingsQueryKey } from "./query-keys.ts";

export interface UpdateSettingInput {
  key: string;
  value: string;
}

/** PUT /settings/{key}. Rejects with ERR_NO_PERMISSION, ERR_NO_SETTING_FOUND, ERR_VALIDATION. */
export function updateSetting({ key, value }: UpdateSettingInput): Promise<Setting> {
  return apiRequest(`/settings/${encodeURIComponent(key)}`, ZSetting, { method: "PUT", body: { key, value } });
}

/** Puts a changed setting into the cached list (a new key is added). */
export function storeSetting(queryClient: QueryClient, setting: Setting): void {
  queryClient.setQueryData<Setting[]>(settingsQueryKey, (list) => {
    if (!list) return list;
    return list.some((s) => s.key === setting.key) ? list.map((s) => (s.key === setting.key ? setting : s)) : [...list, setting];
  });
}

/** Changes one setting; the cached list follows. Failures become error toasts. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSetting, onSuccess: (setting) => storeSetting(queryClient, setting) });
}
