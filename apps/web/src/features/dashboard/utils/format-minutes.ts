/** Minutes as "HHh MMm" (spec core §9), rounded to the nearest minute; hours keep growing past 99. */
export function formatMinutes(minutes: number): string {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 60))}h ${pad(total % 60)}m`;
}
