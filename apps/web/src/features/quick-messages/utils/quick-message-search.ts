import type { QuickMessage } from "@conversa/shared";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";

const ZListKey = z.tuple([z.literal("quickMessages"), z.literal("list"), z.object({ searchParam: z.string() })]);

/** Whether a reply's shortcode or message contains a list's search term, ignoring case as the server does; an empty term matches all. */
export function matchesQuickMessageSearch(quick: Pick<QuickMessage, "shortcode" | "message">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  return term === "" || quick.shortcode.toLowerCase().includes(term) || quick.message.toLowerCase().includes(term);
}

/** Whether a created or changed reply belongs in the list cached under `queryKey`. */
export function belongsToQuickMessageList(quick: Pick<QuickMessage, "shortcode" | "message">, queryKey: QueryKey): boolean {
  const key = ZListKey.safeParse(queryKey);
  return key.success ? matchesQuickMessageSearch(quick, key.data[2].searchParam) : false;
}
