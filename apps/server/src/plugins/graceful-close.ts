import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";

/** How long requests in flight when the server is asked to stop may take to finish. */
export const CLOSE_GRACE_MS = 3_000;
/** How often, while closing, connections left idle by a finished request are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Closing the app (SIGTERM, Ctrl+C) lets the requests in flight finish, for up to `graceMs`, and waits
 * for nothing else. Node's close waits for every open connection: a keep-alive connection that
 * becomes idle once its request is answered (a browser's, a long-polling socket's) would hold it for
 * its keep-alive timeout, so such connections are closed as soon as they are idle. Whatever is still
 * open at the end of the grace (a request that never ends, a websocket whose peer does not answer its
 * close) is cut. The realtime server closes its own sockets first (realtime.ts).
 */
export function registerGracefulClose(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  const upgraded = new Set<Duplex>();
  app.server.on("upgrade", (_request, socket: Duplex) => {
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
  });
  let sweep: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  app.addHook("preClose", (done) => {
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    deadline = setTimeout(() => {
      app.log.warn({ graceMs, websockets: upgraded.size }, "connections still open after the grace period are cut");
      app.server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
    }, graceMs);
    sweep.unref();
    deadline.unref();
    done();
  });
  // Application onClose hooks run once the HTTP server has closed: every connection is gone by now.
  app.addHook("onClose", (_instance, done) => {
    clearInterval(sweep);
    clearTimeout(deadline);
    done();
  });
}
