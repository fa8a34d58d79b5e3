import type { Schedule } from "@conversa/shared";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { z } from "zod";
import { schedulesKeys } from "../api/query-keys.ts";
import { type CalendarRange, isInRange } from "./calendar-range.ts";

const bySendAt = (a: Schedule, b: Schedule) => Date.parse(a.sendAt) - Date.parse(b.sendAt) || a.id - b.id;

/** A range's list after a schedule was created or changed: in it (in sendAt order) when due in the range, else out. */
export function placeSchedule(list: Schedule[] | undefined, schedule: Schedule, range: CalendarRange): Schedule[] | undefined {
  if (!list) return list;
  const others = list.filter((s) => s.id !== schedule.id);
  return isInRange(schedule.sendAt, range) ? [...others, schedule].sort(bySendAt) : others;
}

/** A range's list after a schedule was deleted. */
export function dropSchedule(list: Schedule[] | undefined, id: number): Schedule[] | undefined {
  return list?.filter((s) => s.id !== id);
}

const ZRangeKey = z.tuple([z.literal("schedules"), z.literal("range"), z.string(), z.string()]);

function rangeOf(queryKey: QueryKey): CalendarRange | undefined {
  const parsed = ZRangeKey.safeParse(queryKey);
  return parsed.success ? { start: parsed.data[2], end: parsed.data[3] } : undefined;
}

/** Puts a created or changed schedule in every cached range (and its detail), without refetching. */
export function storeSchedule(queryClient: QueryClient, schedule: Schedule): void {
  for (const [queryKey] of queryClient.getQueriesData<Schedule[]>({ queryKey: schedulesKeys.ranges })) {
    const range = rangeOf(queryKey);
    if (range) queryClient.setQueryData<Schedule[]>(queryKey, (list) => placeSchedule(list, schedule, range));
  }
  queryClient.setQueryData(schedulesKeys.detail(schedule.id), schedule);
}

/** Drops a deleted schedule from every cached range. */
export function forgetSchedule(queryClient: QueryClient, id: number): void {
  for (const [queryKey] of queryClient.getQueriesData<Schedule[]>({ queryKey: schedulesKeys.ranges })) {
    queryClient.setQueryData<Schedule[]>(queryKey, (list) => dropSchedule(list, id));
  }
  queryClient.removeQueries({ queryKey: schedulesKeys.detail(id) });
}
