import { type ListUsersResponse, type User, ZListUsersResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { usersListQueryKey } from "./query-keys.ts";

/** GET /users: one page (20) of the company's users, searched by name or e-mail. */
export function fetchUsers(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListUsersResponse> {
  return apiRequest("/users", ZListUsersResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
}

/** The Users page's list, page after page as the user scrolls; a new search restarts it. */
export function useUsers(searchParam: string) {
  return useInfiniteList<User>({
    queryKey: usersListQueryKey(searchParam),
    fetchPage: async (pageNumber, signal): Promise<ListPage<User>> => {
      const page = await fetchUsers(searchParam, pageNumber, signal);
      return { records: page.users, hasMore: page.hasMore };
    },
  });
}
