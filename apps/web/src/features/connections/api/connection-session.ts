import { useMutation } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";

export type SessionCommand = "start" | "renewQr" | "disconnect";

const METHODS = { start: "POST", renewQr: "PUT", disconnect: "DELETE" } as const;

/**
 * /whatsappsession/{id}: POST starts or retries the session, PUT starts over with a new QR code,
 * DELETE disconnects. The new status arrives through the live session events.
 */
export function sendSessionCommand({ id, command }: { id: number; command: SessionCommand }): Promise<void> {
  return apiSend(`/whatsappsession/${id}`, { method: METHODS[command] });
}

/** Runs a session command. Failures become error toasts. */
export function useSessionCommand() {
  return useMutation({ mutationFn: sendSessionCommand });
}
