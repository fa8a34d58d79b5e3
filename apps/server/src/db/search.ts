import { type SQL, sql } from "drizzle-orm";
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
