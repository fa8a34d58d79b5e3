/** The parts of a vCard the product shows: the name and the phone numbers (digits only). */
export interface ParsedVcard {
  name: string;
  numbers: string[];
}

/** Lines of a vCard with folded continuation lines (starting with a space or a tab) joined back. */
function unfoldLines(raw: string): string[] {
  const lines: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  return lines;
}

/** `item1.TEL;type=CELL;waid=5511…:+55 11 …` → { name: "TEL", params: ["type=CELL", "waid=…"], value }. */
function splitProperty(line: string): { name: string; params: string[]; value: string } | undefined {
  const colon = line.indexOf(":");
  if (colon < 0) return undefined;
  const [head = "", ...params] = line.slice(0, colon).split(";");
  const name = head.includes(".") ? head.slice(head.lastIndexOf(".") + 1) : head;
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1).trim() };
}

/**
 * Reads the name (FN, else the fallback such as the message's display name, else N) and the numbers of a vCard. WhatsApp puts the
 * account's number in the `waid` parameter of TEL; it is preferred to the displayed value.
 */
export function parseVcard(raw: string, fallbackName = ""): ParsedVcard {
  let fullName = "";
  let structuredName = "";
  const numbers: string[] = [];
  for (const line of unfoldLines(raw)) {
    const property = splitProperty(line);
    if (!property) continue;
    if (property.name === "FN") fullName = property.value;
    else if (property.name === "N") structuredName = property.value.split(";").filter(Boolean).reverse().join(" ");
    else if (property.name === "TEL") {
      const waid = property.params.map((param) => /^waid=(\d+)$/i.exec(param)?.[1]).find(Boolean);
      const digits = waid ?? property.value.replace(/\D/g, "");
      if (digits && !numbers.includes(digits)) numbers.push(digits);
    }
  }
  return { name: fullName || fallbackName || structuredName, numbers };
}
