/** Cache keys of the schedules feature. */
export const schedulesKeys = {
  all: ["schedules"] as const,
  /** Every cached calendar range. */
  ranges: ["schedules", "range"] as const,
  range: (start: string, end: string) => ["schedules", "range", start, end] as const,
  detail: (id: number) => ["schedules", "detail", id] as const,
};
