/** Connection statuses that need the user's attention (spec core §2, Left menu). */
export const ALERT_STATUSES: readonly string[] = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];

/** Whether the /connections menu item shows its '!' badge: any connection in an alert status. */
export function hasConnectionAlert(connections: readonly { status: string }[]): boolean {
  return connections.some((connection) => ALERT_STATUSES.includes(connection.status));
}
