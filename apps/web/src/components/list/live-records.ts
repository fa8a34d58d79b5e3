import type { InfiniteData, QueryKey } from "@tanstack/react-query";
import type { ListPage } from "./use-infinite-list.ts";

type Pages<T> = InfiniteData<ListPage<T>, number> | undefined;

/** A list after a record was created or changed: replaced where it is, else put first if it belongs. */
export function upsertRecord<T extends { id: number }>(data: Pages<T>, record: T, belongs: boolean): Pages<T> {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    const index = page.records.findIndex((r) => r.id === record.id);
    if (index === -1) return page;
    found = true;
    if (!belongs) return { ...page, records: page.records.filter((r) => r.id !== record.id) };
    const records = page.records.slice();
    records[index] = record;
    return { ...page, records };
  });
  if (found || !belongs || pages.length === 0) return { ...data, pages };
  const [first, ...rest] = pages;
  return { ...data, pages: [{ ...first!, records: [record, ...first!.records] }, ...rest] };
}

/** A list after a record was deleted. */
export function removeRecord<T extends { id: number }>(data: Pages<T>, id: number): Pages<T> {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, records: page.records.filter((r) => r.id !== id) })) };
}

/**
 * Whether a record belongs in a list searched by name, whose query key ends with the search term: its
 * name contains the term, ignoring case, as the server's ILIKE compares. An empty term matches all.
 */
export function nameMatchesListSearch(record: { name: string }, queryKey: QueryKey): boolean {
  const term = queryKey.at(-1);
  if (typeof term !== "string" || term.trim() === "") return true;
  return record.name.toLowerCase().includes(term.trim().toLowerCase());
}
