import { type InvalidateQueryFilters, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { useCompanyEvent, useRealtimeReconnect, useRealtimeStatus } from "../../../lib/socket-provider.tsx";
import { simulatorKeys } from "../api/keys.ts";

/** `company-{id}-simulator`: which connection, or which conversation of it, changed. */
const ZSimulatorEvent = z.discriminatedUnion("action", [
  z.object({ action: z.literal("connection"), connectionId: z.number() }),
  z.object({ action: z.literal("chat"), connectionId: z.number(), number: z.string() }),
]);

/** The events of one burst (a batch of customers' messages, a reply and its acks) are read again once, this long after the first. */
export const SIMULATOR_EVENT_BATCH_MS = 150;

/** Only while the realtime connection is lost (its events are being missed), the page reads the simulator again this often. */
export const SIMULATOR_FALLBACK_POLL_MS = 10_000;

/** The refetch interval of the simulator's queries: none while the realtime connection is up. */
export function useSimulatorFallbackPoll(): number | false {
  return useRealtimeStatus() === "disconnected" ? SIMULATOR_FALLBACK_POLL_MS : false;
}

/** Collects the queries to read again and reads each once, SIMULATOR_EVENT_BATCH_MS after the first change. */
function useBatchedInvalidation(): (filters: InvalidateQueryFilters) => void {
  const queryClient = useQueryClient();
  const [batch] = useState(() => ({ filters: new Map<string, InvalidateQueryFilters>(), timer: undefined as ReturnType<typeof setTimeout> | undefined }));
  useEffect(
    () => () => {
      clearTimeout(batch.timer);
      batch.timer = undefined;
      batch.filters.clear();
    },
    [batch],
  );
  return useCallback(
    (filters: InvalidateQueryFilters) => {
      batch.filters.set(JSON.stringify(filters), filters);
      batch.timer ??= setTimeout(() => {
        batch.timer = undefined;
        const all = [...batch.filters.values()];
        batch.filters.clear();
        for (const each of all) void queryClient.invalidateQueries(each);
      }, SIMULATOR_EVENT_BATCH_MS);
    },
    [batch, queryClient],
  );
}

/**
 * Follows `company-{id}-simulator`: a connection that changed reads the connections again, a conversation
 * that changed reads the chats list and that conversation again. After a reconnection every list and
 * conversation is read again (the events of the time between never arrived); media are never re-read.
 */
export function useSimulatorLiveUpdates(): void {
  const queryClient = useQueryClient();
  const invalidate = useBatchedInvalidation();

  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: simulatorKeys.all, predicate: (query) => query.queryKey[1] !== "media" });
  });

  useCompanyEvent("simulator", (payload) => {
    const event = ZSimulatorEvent.safeParse(payload);
    if (!event.success) return;
    const data = event.data;
    if (data.action === "connection") {
      invalidate({ queryKey: simulatorKeys.connections() });
      return;
    }
    invalidate({ queryKey: simulatorKeys.chats(data.connectionId), exact: true });
    invalidate({ queryKey: simulatorKeys.messages(data.connectionId, data.number) });
  });
}
