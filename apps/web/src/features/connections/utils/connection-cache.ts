import type { Connection } from "@conversa/shared";

/** Orders connections as the server lists them: by name. */
function byName(a: Connection, b: Connection): number {
  return a.name.localeCompare(b.name);
}

/** The list with `connection` replacing its earlier version, or added in name order. */
export function upsertConnection(list: readonly Connection[], connection: Connection): Connection[] {
  const exists = list.some((item) => item.id === connection.id);
  const next = exists ? list.map((item) => (item.id === connection.id ? connection : item)) : [...list, connection];
  return next.sort(byName);
}

/** The list without the connection `id`. */
export function removeConnection(list: readonly Connection[], id: number): Connection[] {
  return list.filter((item) => item.id !== id);
}

/** A connection's detail updated from a live event; the token (absent from events) is kept. */
export function mergeConnectionDetail<T extends Connection & { token: string | null }>(detail: T, connection: Connection): T {
  return { ...detail, ...connection, token: detail.token };
}
