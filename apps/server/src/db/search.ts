import { type SQL, and, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** `%text%` for LIKE, with the wildcards and the escape character of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The column contains the term, without regard to accents or case ('joao' finds 'João'): both sides
 * go through search_fold (lower + unaccent, migration 0016_search_fold_sql).
 */
export function foldedContains(column: AnyPgColumn | SQL, term: string): SQL {
  return sql`public.search_fold(${column}) like public.search_fold(${containsPattern(term)})`;
}

/**
 * foldedContains on a column that already holds search_fold of the text (contacts.name_folded,
 * messages.body_folded, each with its trigram index): only the term is folded, once per statement.
 */
export function foldedColumnContains(foldedColumn: AnyPgColumn, term: string): SQL {
  return sql`${foldedColumn} like public.search_fold(${containsPattern(term)})`;
}

/**
 * Every word of the term is somewhere in the folded column, in any order ('joao silva' finds
 * 'João da Silva'): how names are searched. One word is exactly foldedColumnContains; each more word
 * is one more LIKE on the same trigram index.
 */
export function foldedColumnContainsWords(foldedColumn: AnyPgColumn, term: string): SQL {
  const words = term.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return foldedColumnContains(foldedColumn, term.trim());
  return and(...words.map((word) => foldedColumnContains(foldedColumn, word))) ?? sql`true`;
}
