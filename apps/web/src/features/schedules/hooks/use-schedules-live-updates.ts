import { ZSchedule } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { forgetSchedule, storeSchedule } from "../utils/schedule-cache.ts";

const ZScheduleEvent = z.union([
  z.object({ action: z.enum(["create", "update"]), schedule: ZSchedule }),
  z.object({ action: z.literal("delete"), scheduleId: z.number() }),
]);

/** Keeps the cached calendar ranges in step with `company-{id}-schedule` (created, changed, sent, deleted). */
export function useSchedulesLiveUpdates(): void {
  const queryClient = useQueryClient();
  useCompanyEvent("schedule", (payload) => {
    const event = ZScheduleEvent.safeParse(payload);
    if (!event.success) return;
    if (event.data.action === "delete") forgetSchedule(queryClient, event.data.scheduleId);
    else storeSchedule(queryClient, event.data.schedule);
  });
}
