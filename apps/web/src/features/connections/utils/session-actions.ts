import type { ConnectionProvider, ConnectionStatus } from "@conversa/shared";

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

/** The official line (provider `cloud`) has no QR code: its session starts by checking its credentials at Meta. */
const NO_QR_PROVIDERS: readonly ConnectionProvider[] = ["cloud"];

export function sessionActionsFor(status: ConnectionStatus, provider?: ConnectionProvider): readonly SessionAction[] {
  const actions = ACTIONS[status];
  return provider && NO_QR_PROVIDERS.includes(provider) ? actions.filter((action) => action !== "newQr" && action !== "showQr") : actions;
}
