/** The snippet of a matching message in a search result: the match, some words before it, and the rest. */
export interface SearchSnippet {
  before: string;
  match: string;
  after: string;
}

/** Characters kept before the match, so that the match shows in a one-line row. */
export const SNIPPET_LEAD = 24;

/**
 * The text folded as the server's search_fold folds it (lower case, accents removed), with, for each
 * folded character, the index in `text` of the character it came from (and text.length at the end).
 */
function foldWithOrigins(text: string): { folded: string; origins: number[] } {
  let folded = "";
  const origins: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    folded += piece;
    for (let i = 0; i < piece.length; i++) origins.push(index);
    index += char.length;
  }
  origins.push(text.length);
  return { folded, origins };
}

/**
 * Where `term` occurs in `text` without regard to accents or case ('joao' finds 'João'), as the text
 * before it (cut to SNIPPET_LEAD characters at a word, with an ellipsis), the matched text as written
 * and what follows. Whitespace runs count as one space. Undefined when the term does not occur.
 */
export function searchSnippet(text: string, term: string): SearchSnippet | undefined {
  const line = text.replace(/\s+/g, " ").trim();
  const wanted = foldWithOrigins(term.replace(/\s+/g, " ").trim()).folded;
  if (!wanted) return undefined;
  const { folded, origins } = foldWithOrigins(line);
  const at = folded.indexOf(wanted);
  if (at === -1) return undefined;
  const start = origins[at] ?? 0;
  const end = origins[at + wanted.length] ?? line.length;
  let before = line.slice(0, start);
  if (before.length > SNIPPET_LEAD) {
    const cut = before.slice(-SNIPPET_LEAD);
    const space = cut.indexOf(" ");
    before = `…${space >= 0 && space < cut.length - 1 ? cut.slice(space + 1) : cut}`;
  }
  return { before, match: line.slice(start, end), after: line.slice(end) };
}
