import { ZConnection, ZQueue, ZTag } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { ticketsKeys } from "./query-keys.ts";

/** A queue, tag or user as the list filters and the new-ticket dialog offer them. */
export const ZQueueOption = ZQueue.pick({ id: true, name: true, color: true });
export type QueueOption = z.infer<typeof ZQueueOption>;

export const ZConnectionOption = ZConnection.pick({ id: true, name: true, isDefault: true, status: true });
export type ConnectionOption = z.infer<typeof ZConnectionOption>;

export const ZTagOption = ZTag.pick({ id: true, name: true, color: true });
export type TagOption = z.infer<typeof ZTagOption>;

export const ZUserOption = z.object({ id: z.number(), name: z.string() });
export type UserOption = z.infer<typeof ZUserOption>;

/** GET /queue: every queue of the company. */
export function fetchQueueOptions(): Promise<QueueOption[]> {
  return apiRequest("/queue", z.array(ZQueueOption));
}

/** GET /whatsapp/?session=0: the company's connections. */
export function fetchConnectionOptions(): Promise<ConnectionOption[]> {
  return apiRequest("/whatsapp/", z.array(ZConnectionOption), { query: { session: 0 } });
}

/** GET /tags/list: the company's tags. */
export function fetchTagOptions(): Promise<TagOption[]> {
  return apiRequest("/tags/list", z.array(ZTagOption));
}

/** GET /users/list: the company's users. */
export function fetchUserOptions(): Promise<UserOption[]> {
  return apiRequest("/users/list", z.array(ZUserOption));
}

// Options only enrich filters and pickers: a failure leaves them empty without a toast.
const quiet = { meta: { silentError: true }, staleTime: 5 * 60_000 } as const;

export function useQueueOptions(enabled = true) {
  return useQuery({ queryKey: ticketsKeys.queues, queryFn: fetchQueueOptions, enabled, ...quiet });
}

export function useConnectionOptions(enabled = true) {
  return useQuery({ queryKey: ticketsKeys.connections, queryFn: fetchConnectionOptions, enabled, ...quiet });
}

export function useTagOptions(enabled = true) {
  return useQuery({ queryKey: ticketsKeys.tags, queryFn: fetchTagOptions, enabled, ...quiet });
}

export function useUserOptions(enabled = true) {
  return useQuery({ queryKey: ticketsKeys.users, queryFn: fetchUserOptions, enabled, ...quiet });
}
