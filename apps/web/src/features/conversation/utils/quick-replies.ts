import type { QuickMessage } from "@conversa/shared";

/** Quick-reply labels are cut at this many characters (spec core §9). */
export const QUICK_REPLY_LABEL_MAX = 35;

/**
 * The text typed after "/" when the input asks for quick replies: "/" at the start followed by at
 * least one more character (spec core §2); null otherwise.
 */
export function quickReplyQuery(input: string): string | null {
  if (!input.startsWith("/") || input.length < 2) return null;
  const query = input.slice(1);
  return /\s/.test(query) ? null : query.toLowerCase();
}

/** The quick replies whose shortcode contains the query (shortcodes starting with it first). */
export function matchQuickReplies(input: string, quickMessages: readonly QuickMessage[]): QuickMessage[] {
  const query = quickReplyQuery(input);
  if (query === null) return [];
  const matches = quickMessages.filter((quick) => quick.shortcode.toLowerCase().includes(query));
  const starts = (quick: QuickMessage) => (quick.shortcode.toLowerCase().startsWith(query) ? 0 : 1);
  return matches.sort((a, b) => starts(a) - starts(b) || a.shortcode.localeCompare(b.shortcode));
}

/** "shortcode - message", cut at 35 characters with an ellipsis. */
export function quickReplyLabel(quick: Pick<QuickMessage, "shortcode" | "message">): string {
  const label = `${quick.shortcode} - ${quick.message}`.replace(/\s+/g, " ");
  return label.length > QUICK_REPLY_LABEL_MAX ? `${label.slice(0, QUICK_REPLY_LABEL_MAX)}...` : label;
}
