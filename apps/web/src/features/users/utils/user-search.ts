import type { User } from "@conversa/shared";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";

const ZListKey = z.tuple([z.literal("users"), z.literal("list"), z.object({ searchParam: z.string() })]);

/** Lower case without accents, as the server compares (unaccent + ilike). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether a user matches a list's search term (name or e-mail); an empty term matches everyone. */
export function matchesSearch(user: Pick<User, "name" | "email">, searchParam: string): boolean {
  const term = foldText(searchParam.trim());
  return term === "" || foldText(user.name).includes(term) || foldText(user.email).includes(term);
}

/** Whether a created or changed user belongs in the list cached under `queryKey`. */
export function belongsToList(user: Pick<User, "name" | "email">, queryKey: QueryKey): boolean {
  const key = ZListKey.safeParse(queryKey);
  return key.success ? matchesSearch(user, key.data[2].searchParam) : false;
}
