import { CONNECTION_ATTENTION_STATUSES } from "@conversa/shared";

/** Whether the /connections menu item shows its '!' badge: any connection in an alert status (spec core §2). */
export function hasConnectionAlert(connections: readonly { status: string }[]): boolean {
  return connections.some((connection) => CONNECTION_ATTENTION_STATUSES.some((status) => status === connection.status));
}
