import { ANNOUNCEMENT_EVENT, ZAnnouncement } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useInstallationEvent } from "../../../lib/socket-provider.tsx";
import { forgetAnnouncement, storeAnnouncement } from "../api/cache.ts";

const ZAnnouncementEvent = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), record: ZAnnouncement }),
  z.object({ action: z.literal("delete"), id: z.number() }),
]);

/**
 * Keeps every cached announcement list (the popover's and the page's) in step with
 * `company-announcement`, the same for every company: a new or changed announcement takes its place by
 * priority, a deleted one (or one made inactive, for those who may not see it) disappears.
 */
export function useAnnouncementsLiveUpdates(): void {
  const queryClient = useQueryClient();
  useInstallationEvent(ANNOUNCEMENT_EVENT, (payload) => {
    const event = ZAnnouncementEvent.safeParse(payload);
    if (!event.success) return;
    if (event.data.action === "delete") forgetAnnouncement(queryClient, event.data.id);
    else storeAnnouncement(queryClient, event.data.record);
  });
}
