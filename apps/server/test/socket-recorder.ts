import { type Socket, io as connect } from "socket.io-client";
import { SERVER_EVENTS } from "@conversa/shared";

export interface ReceivedEvent {
  event: string;
  payload: unknown;
}

/**
 * A socket of the account on the server at `url`, once it is ready, recording every event it receives
 * from then on. The socket is added to `sockets` for the test to disconnect.
 */
export async function recordSocket(url: string, token: string, sockets: Socket[]): Promise<ReceivedEvent[]> {
  const socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  const seen: ReceivedEvent[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once(SERVER_EVENTS.ready, () => resolve());
    socket.once("connect_error", reject);
  });
  return seen;
}
