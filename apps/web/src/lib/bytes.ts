const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/**
 * A size for people to read, in steps of 1024 with one decimal at most, written the way the interface
 * language writes numbers: 1288490189 → "1,2 GB" in Portuguese, "1.2 GB" in English.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${UNITS[unit]}`;
}
