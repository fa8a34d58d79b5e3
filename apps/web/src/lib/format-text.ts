/** A piece of a message body: plain text, a link, monospace text, or WhatsApp-style formatting around pieces. */
export type TextSegment =
  | { type: "text"; text: string }
  | { type: "link"; href: string; text: string }
  | { type: "mono"; text: string }
  | { type: "bold" | "italic" | "strike"; children: TextSegment[] };

const STYLE_OF = { "*": "bold", _: "italic", "~": "strike" } as const;

/**
 * `*bold*`, `_italic_`, `~strike~` on one line, the marker next to a non-space and not inside a
 * word (so `snake_case_name` stays as typed).
 */
const FORMAT = /(?<![\p{L}\p{N}*_~])([*_~])(?!\s)([^\n]*?[^\s])\1(?![\p{L}\p{N}])/gu;
/** ```monospace```: taken as typed, across lines, with no formatting inside. */
const MONO = /```([\s\S]*?[^`\s][\s\S]*?)```/gu;
const URL = /\bhttps?:\/\/[^\s<>"]+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/u;

function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL)) {
    const raw = match[0];
    const href = raw.replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    if (start > last) segments.push({ type: "text", text: text.slice(last, start) });
    segments.push({ type: "link", href, text: href });
    last = start + href.length;
  }
  if (last < text.length) segments.push({ type: "text", text: text.slice(last) });
  return segments;
}

/**
 * Splits a message body into segments to render as React elements: the text is never
 * interpreted as HTML, only the WhatsApp markers (`*bold*`, `_italic_`, `~strike~`,
 * ```monospace```) and http(s) links are recognised.
 */
export function parseFormattedText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MONO)) {
    const start = match.index;
    if (start > last) segments.push(...parseStyled(text.slice(last, start)));
    segments.push({ type: "mono", text: match[1] ?? "" });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push(...parseStyled(text.slice(last)));
  return segments;
}

function parseStyled(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(FORMAT)) {
    const [whole, marker, inner] = match;
    if (!marker || inner === undefined) continue;
    const start = match.index;
    if (start > last) segments.push(...linkify(text.slice(last, start)));
    segments.push({ type: STYLE_OF[marker as keyof typeof STYLE_OF], children: parseStyled(inner) });
    last = start + whole.length;
  }
  if (last < text.length) segments.push(...linkify(text.slice(last)));
  return segments;
}

function plainOf(segments: readonly TextSegment[]): string {
  return segments.map((segment) => ("children" in segment ? plainOf(segment.children) : segment.text)).join("");
}

/**
 * A message body without its WhatsApp markers, for the places that show text only: list previews,
 * quotes, notifications. `*Ana*: _oi_` becomes `Ana: oi`; markers that format nothing stay.
 */
export function plainText(text: string): string {
  return plainOf(parseFormattedText(text));
}
