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

/**
 * National significant numbers, as written inside their country without the trunk 0, of the countries whose
 * default calling code completes a number typed without one. Each pattern is strict (area code and first
 * digit), so that a number that already carries a calling code, or a group id, does not pass for a national one.
 */
const NATIONAL_NUMBERS: Readonly<Record<string, RegExp>> = {
  // Brazil: a two-digit area code (no zero), then a mobile 9 + 8 digits or an 8-digit number (fixed lines, older mobiles).
  "55": /^[1-9][1-9](?:9\d{8}|[2-9]\d{7})$/,
  // Portugal: 9 digits, fixed lines 2…, mobiles 9….
  "351": /^[29]\d{8}$/,
  // North America: area code and exchange, neither starting with 0 or 1.
  "1": /^[2-9]\d{2}[2-9]\d{6}$/,
  // Spain: 9 digits, 6–9.
  "34": /^[6-9]\d{8}$/,
  // France: 9 digits after the trunk 0.
  "33": /^[1-9]\d{8}$/,
  // United Kingdom: 10 digits after the trunk 0.
  "44": /^[1-9]\d{9}$/,
  // Mexico: 10 digits.
  "52": /^[1-9]\d{9}$/,
  // Colombia: mobiles 3… and fixed lines 60…, 10 digits.
  "57": /^(?:3\d{9}|60\d{8})$/,
  // Chile: 9 digits.
  "56": /^[2-9]\d{8}$/,
  // Peru, Angola: mobiles, 9 digits starting with 9.
  "51": /^9\d{8}$/,
  "244": /^9\d{8}$/,
};

/** The calling codes whose national numbers `withDefaultCountryCode` recognises. */
export const COUNTRY_CODES_WITH_NATIONAL_RULE = Object.keys(NATIONAL_NUMBERS);

/** The digits of a typed number as dialled abroad: non-digits removed, and a leading international prefix 00. */
export function dialledDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  return digits.startsWith("00") ? digits.slice(2) : digits;
}

/**
 * A number typed by a person (a form, a spreadsheet cell) as WhatsApp needs it: digits with the country code.
 * The rule, applied in order:
 * 1. Everything but digits is dropped ("(11) 98765-4321" → "11987654321").
 * 2. A number written with a leading "+" or "00" already has its country code: its digits are kept as they are
 *    (the "00" dropped): "+1 419 555 0123" → "14195550123", "00351 912 345 678" → "351912345678".
 * 3. Otherwise, when the company's default calling code is one of `COUNTRY_CODES_WITH_NATIONAL_RULE` and the
 *    digits, without one leading trunk 0, are exactly a national number of that country, the code is put in
 *    front: with 55, "11987654321", "(11) 8765-4321" and "011 98765-4321" → "55…"; with 351, "912345678" → "351912345678".
 * 4. Anything else is kept as digits: a number that already starts with its country code at full length
 *    ("5511987654321"), one too short or too long to be national, a group id, any number when the default code has
 *    no national rule or is null (numbers that come from WhatsApp, always international).
 */
export function withDefaultCountryCode(typed: string, defaultCountryCode: string | null): string {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+") || digits.startsWith("00")) return dialledDigits(trimmed);
  const national = defaultCountryCode ? NATIONAL_NUMBERS[defaultCountryCode] : undefined;
  if (!national) return digits;
  const withoutTrunk = digits.startsWith("0") ? digits.slice(1) : digits;
  return national.test(withoutTrunk) ? `${defaultCountryCode}${withoutTrunk}` : digits;
}
