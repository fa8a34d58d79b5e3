import { type InstallationSetting, type InstallationSettingKey, ZInstallationSetting, ZInstallationSettingsList } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const installationSettingsQueryKey = ["installation-settings"] as const;

/** GET /installation-settings (super users only). Rejects with ERR_NO_PERMISSION. */
export function fetchInstallationSettings(signal?: AbortSignal): Promise<InstallationSetting[]> {
  return apiRequest("/installation-settings", ZInstallationSettingsList, { signal });
}

export function useInstallationSettings() {
  return useQuery({ queryKey: installationSettingsQueryKey, queryFn: ({ signal }) => fetchInstallationSettings(signal), meta: { silentError: true } });
}

export interface UpdateInstallationSettingInput {
  key: InstallationSettingKey;
  value: string;
}

/** PUT /installation-settings/{key} (super users only). Rejects with ERR_NO_PERMISSION, ERR_VALIDATION. */
export function updateInstallationSetting({ key, value }: UpdateInstallationSettingInput): Promise<InstallationSetting> {
  return apiRequest(`/installation-settings/${encodeURIComponent(key)}`, ZInstallationSetting, { method: "PUT", body: { value } });
}

/** Changes one installation setting; the cached list follows. Failures become error toasts. */
export function useUpdateInstallationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstallationSetting,
    onSuccess: (setting) =>
      queryClient.setQueryData<InstallationSetting[]>(installationSettingsQueryKey, (list) => list?.map((entry) => (entry.key === setting.key ? setting : entry))),
  });
}
