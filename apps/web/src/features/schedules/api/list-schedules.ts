import { type Schedule, ZListSchedulesResponse } from "@conversa/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import type { CalendarRange } from "../utils/calendar-range.ts";
import { schedulesKeys } from "./query-keys.ts";

/** Pages read for one range at most: a calendar view never needs more (the server pages by 200). */
const MAX_PAGES = 10;

/** GET /schedules?start=&end=&pageNumber=: every schedule due in the range (page after page). */
export async function fetchSchedulesInRange(range: CalendarRange, signal?: AbortSignal): Promise<Schedule[]> {
  const schedules: Schedule[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await apiRequest("/schedules", ZListSchedulesResponse, { query: { start: range.start, end: range.end, pageNumber }, signal });
    schedules.push(...page.schedules);
    if (!page.hasMore) break;
  }
  return schedules;
}

/** The schedules of the calendar's visible range; the previous range stays shown while the next loads. */
export function useSchedulesInRange(range: CalendarRange) {
  return useQuery({
    queryKey: schedulesKeys.range(range.start, range.end),
    queryFn: ({ signal }) => fetchSchedulesInRange(range, signal),
    placeholderData: keepPreviousData,
  });
}
