/** User search starts at this many characters (spec core §9). */
export const USER_SEARCH_MIN_CHARS = 3;

/** Lower case without accents, for matching what the user types. */
export function foldSearchText(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();
}

/** Whether a typed search is long enough to run. */
export function isSearchable(term: string): boolean {
  return term.trim().length >= USER_SEARCH_MIN_CHARS;
}

/** The items whose name contains the term, ignoring case and accents; none below 3 characters. */
export function filterByName<T extends { name: string }>(items: readonly T[], term: string): T[] {
  if (!isSearchable(term)) return [];
  const wanted = foldSearchText(term);
  return items.filter((item) => foldSearchText(item.name).includes(wanted));
}
