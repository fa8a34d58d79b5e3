/**
 * BR Code of Pix (Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix"): an EMV QRCPS
 * merchant-presented payload of ID-length-value fields, closed by a CRC16/CCITT-FALSE checksum.
 */

export const PIX_GUI = "br.gov.bcb.pix";

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor), as 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One field: two-digit id, two-digit length (in characters), value. */
function field(id: string, value: string): string {
  const length = [...value].length;
  if (length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(length).padStart(2, "0")}${value}`;
}

/**
 * Text as the BR Code's name and city fields take it: accents removed, only the characters the
 * specification allows, trimmed to `max` characters.
 */
export function brCodeText(value: string, max: number): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,\-/@&*]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

export interface BrCodeInput {
  /** A static code names the receiver's Pix key; a dynamic one the provider's payload location (URL without scheme). */
  key?: string;
  location?: string;
  /** Amount in cents; none lets the payer type it (static codes only). */
  amountCents?: number;
  merchantName: string;
  merchantCity: string;
  /** Static codes: the transaction id (up to 25 letters and digits), "***" when none. Dynamic codes always carry "***". */
  txid?: string;
  /** Static codes: a short text shown to the payer. */
  description?: string;
}

/** Cents as the BR Code's amount field writes them: "1234.50". */
export function formatAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error("amount must be whole cents");
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * Builds a BR Code: dynamic (point of initiation 12, account field 25 with the payload location) when
 * `location` is given, static (account field 01 with the Pix key) otherwise.
 */
export function buildBrCode(input: BrCodeInput): string {
  const dynamic = input.location !== undefined;
  if (!dynamic && !input.key) throw new Error("a static BR Code needs a Pix key");
  const account = dynamic
    ? field("00", PIX_GUI) + field("25", input.location!.replace(/^https?:\/\//, ""))
    : field("00", PIX_GUI) + field("01", input.key!) + (input.description ? field("02", brCodeText(input.description, 40)) : "");
  const txid = dynamic ? "***" : input.txid && /^[A-Za-z0-9]{1,25}$/.test(input.txid) ? input.txid : "***";
  const body =
    field("00", "01") +
    (dynamic ? field("01", "12") : "") +
    field("26", account) +
    field("52", "0000") +
    field("53", "986") +
    (input.amountCents !== undefined ? field("54", formatAmount(input.amountCents)) : "") +
    field("58", "BR") +
    field("59", brCodeText(input.merchantName, 25) || "N") +
    field("60", brCodeText(input.merchantCity, 15) || "N") +
    field("62", field("05", txid)) +
    "6304";
  return body + crc16(body);
}
