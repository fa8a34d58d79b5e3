import { ZSetting } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { storeSetting } from "../api/update-setting.ts";

const ZSettingEvent = z.object({ action: z.literal("update"), setting: ZSetting });

/** Keeps the cached settings in step with `company-{id}-settings` (changes made by another admin). */
export function useSettingsLiveUpdates(): void {
  const queryClient = useQueryClient();
  useCompanyEvent("settings", (payload) => {
    const event = ZSettingEvent.safeParse(payload);
    if (event.success) storeSetting(queryClient, event.data.setting);
  });
}
