import type { ConnectionStatus } from "@conversa/shared";

/**
 * The session buttons a connection offers (spec core §4):
 * showQr opens the QR view; retry is POST /whatsappsession, newQr PUT, disconnect DELETE;
 * connecting is shown disabled while the session opens.
 */
export type SessionAction = "showQr" | "retry" | "newQr" | "disconnect" | "connecting";

const ACTIONS: Record<ConnectionStatus, readonly SessionAction[]> = {
  DISCONNECTED: ["retry", "newQr"],
  qrcode: ["showQr"],
  CONNECTED: ["disconnect"],
  PAIRING: ["disconnect"],
  TIMEOUT: ["disconnect"],
  OPENING: ["connecting"],
};

export function sessionActionsFor(status: ConnectionStatus): readonly SessionAction[] {
  return ACTIONS[status];
}
