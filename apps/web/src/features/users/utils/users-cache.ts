import type { User } from "@conversa/shared";
import type { InfiniteData } from "@tanstack/react-query";
import type { ListPage } from "../../../components/list/index.ts";

type Pages = InfiniteData<ListPage<User>, number> | undefined;

/** The cached list with one user's online flag changed (unchanged data is returned as is). */
export function patchOnline(data: Pages, id: number, online: boolean): Pages {
  if (!data || !data.pages.some((page) => page.records.some((user) => user.id === id && user.online !== online))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, records: page.records.map((user) => (user.id === id ? { ...user, online } : user)) })),
  };
}
