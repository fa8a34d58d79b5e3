import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** `%text%` for LIKE, with the wildcards and the escape character of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The column contains the term, without regard to accents or case ('joao' finds 'João'): both sides
 * go through search_fold (lower + unaccent, migration 0016_search_fold_sql), on which the searched
 * columns have their trigram indexes.
 */
export function foldedContains(column: AnyPgColumn | SQL, term: string): SQL {
  return sql`public.search_fold(${column}) like public.search_fold(${containsPattern(term)})`;
}
