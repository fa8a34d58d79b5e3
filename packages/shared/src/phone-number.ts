/**
 * Phone numbers as people read them: "+55 11 98765-4321" for the digits 5511987654321. WhatsApp numbers
 * are stored as digits with the country code; this formats them for display only.
 */

/** Country calling codes (ITU E.164) of the countries most often served, longest match first. */
const CALLING_CODES = [
  "1", "7", "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
  "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84", "86", "90",
  "91", "92", "93", "94", "95", "98", "212", "213", "216", "234", "244", "245", "238", "239", "254", "258", "351", "352",
  "353", "354", "358", "380", "420", "591", "593", "595", "598", "971", "972", "974", "966",
] as const;

const byLength = [...CALLING_CODES].sort((a, b) => b.length - a.length);

/** The country calling code a number of digits starts with, if it is one of the known ones. */
export function callingCodeOf(digits: string): string | undefined {
  return byLength.find((code) => digits.startsWith(code));
}

/** Brazilian national part: area code, then 9 (mobile) or 8 (landline) digits split 5-4 or 4-4. */
function formatBrazil(national: string): string | undefined {
  if (national.length !== 10 && national.length !== 11) return undefined;
  const area = national.slice(0, 2);
  const local = national.slice(2);
  const cut = local.length - 4;
  return `${area} ${local.slice(0, cut)}-${local.slice(cut)}`;
}

/** North America: area code, exchange and line, 3-3-4. */
function formatNorthAmerica(national: string): string | undefined {
  if (national.length !== 10) return undefined;
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/** Other countries: the national part in groups of three, a last lone digit joined to the group before it. */
function groupDigits(national: string): string {
  const groups = national.match(/\d{1,3}/g) ?? [];
  const last = groups.at(-1);
  if (groups.length > 1 && last?.length === 1) groups.splice(-2, 2, groups.at(-2)! + last);
  return groups.join(" ");
}

/**
 * "+55 11 98765-4321" for "5511987654321". Anything that is not 8 to 15 digits of a known country
 * (a group id, a number typed with letters) is shown as it is.
 */
export function formatPhoneNumber(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15 || digits !== number.replace(/^\+/, "").replace(/[\s().-]/g, "")) return number;
  const code = callingCodeOf(digits);
  if (!code) return number;
  const national = digits.slice(code.length);
  const formatted = code === "55" ? formatBrazil(national) : code === "1" ? formatNorthAmerica(national) : groupDigits(national);
  return formatted ? `+${code} ${formatted}` : number;
}
