/**
 * Text from the database (a user's or a company's name) as it may appear in a mail: one plain line.
 * Line breaks, other control characters, Unicode line and paragraph separators and bidirectional
 * overrides become a space, so a name cannot start a paragraph of its own ("Your account was blocked…")
 * nor reorder the text around it; runs of spaces become one, the ends are trimmed, and past `maxLength`
 * characters it is cut with an ellipsis. HTML bodies also pass it through escapeHtml.
 */
export function mailLine(value: string, maxLength = 80): string {
  const line = value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const characters = [...line];
  return characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join("").trimEnd()}…` : line;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML that shows it as it is: no markup of it is interpreted. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
