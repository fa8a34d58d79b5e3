import { type Tag, ZTag } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** GET /tags/list: every tag of the company. */
export function fetchTags(): Promise<Tag[]> {
  return apiRequest("/tags/list", z.array(ZTag));
}

export function useTags() {
  return useQuery({ queryKey: conversationKeys.tags, queryFn: fetchTags });
}
