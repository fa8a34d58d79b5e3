/**
 * Measures the realtime fan-out of ticket and message events: 200 sockets of one company (20 admins,
 * 180 attendants over 10 queues, one in ten with allTicket), each following the notification stream,
 * the open and pending tabs and one ticket's chat box, as the web app does. N `message.created`
 * events on tickets spread over the queues (one in ten without a queue) are fanned out and the
 * clients (in this process, over real websockets) record when each delivery arrives.
 *
 * Two modes: `after` (the visibility-qualified rooms of realtime/fan-out.ts) and `before` (the
 * company-wide rooms of the code before them: notification, status and ticket rooms any socket joined).
 * Usage: npx tsx bench/socket-fanout.bench.ts [before|after] (BENCH_EVENTS=2000 by default).
 * No database: the sockets' rooms are built from synthetic users.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { Server } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { type Ticket, companyEvent, ticketScopes } from "@conversa/shared";
import { viewerAudience } from "../apps/server/src/modules/tickets/tickets.policy.ts";
import { fanOut } from "../apps/server/src/realtime/fan-out.ts";
import { applyViewer, joinScope } from "../apps/server/src/realtime/socket-access.ts";

const mode = process.argv[2] === "before" ? "before" : "after";
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const SOCKETS = 200;
const QUEUES = 10;
const COMPANY = 1;
const BURST = 20;

interface BenchUser {
  userId: number;
  profile: "admin" | "user";
  queueIds: number[];
  allTicket: string;
  chatTicket: number;
}

const users: BenchUser[] = Array.from({ length: SOCKETS }, (_, i) => {
  const admin = i < 20;
  const queue = (i % QUEUES) + 1;
  return { userId: i + 1, profile: admin ? "admin" : "user", queueIds: admin ? [] : [queue], allTicket: i % 10 === 5 ? "enabled" : "desabled", chatTicket: 1000 + queue };
});

/** The rooms the code before the visibility rooms used (any socket could join them). */
const oldRooms = {
  notification: `c${COMPANY}:notification`,
  status: (status: string) => `c${COMPANY}:status:${status}`,
  ticket: (id: string) => `c${COMPANY}:ticket:${id}`,
};

function ticketOf(n: number): Ticket {
  const queueId = n % 10 === 9 ? null : (n % QUEUES) + 1;
  return { id: 1000 + (queueId ?? 0), uuid: `uuid-${queueId}`, status: "open", queueId, userId: n % 7 === 0 ? 1 + (n % SOCKETS) : null, contact: { id: 1 } } as unknown as Ticket;
}

function emitOld(io: Server, sentAt: number, ticket: Ticket): void {
  io.to([oldRooms.ticket(String(ticket.id)), oldRooms.ticket(ticket.uuid), oldRooms.notification, oldRooms.status(ticket.status)]).emit(companyEvent(COMPANY, "appMessage"), {
    action: "create",
    message: { id: sentAt, body: String(sentAt) },
    ticket,
    contact: ticket.contact,
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

async function main() {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on("connection", (socket) => {
    const user = users[Number(socket.handshake.auth.index)]!;
    void socket.join([`c${COMPANY}`, `c${COMPANY}:u${user.userId}`]);
    if (mode === "before") {
      void socket.join([oldRooms.notification, oldRooms.status("open"), oldRooms.status("pending"), oldRooms.ticket(String(user.chatTicket))]);
    } else {
      const ctx = { companyId: COMPANY, userId: user.userId, profile: user.profile, isSuper: false };
      const facts = { queueIds: user.queueIds, allTicket: user.allTicket };
      applyViewer(socket, { ctx, facts, audience: viewerAudience(ctx, facts) });
      for (const scope of [ticketScopes.notification, ticketScopes.status("open"), ticketScopes.status("pending"), ticketScopes.ticket(user.chatTicket)]) joinScope(socket, COMPANY, scope);
    }
    socket.emit("ready");
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const latencies: number[] = [];
  let lastDelivery = 0;
  const clients: ClientSocket[] = [];
  await Promise.all(
    users.map(
      (_, index) =>
        new Promise<void>((resolve) => {
          const client = connect(url, { auth: { index }, transports: ["websocket"], forceNew: true, reconnection: false });
          client.on(companyEvent(COMPANY, "appMessage"), (payload: { message: { id: number } }) => {
            lastDelivery = performance.now();
            latencies.push(lastDelivery - payload.message.id);
          });
          client.once("ready", () => resolve());
          clients.push(client);
        }),
    ),
  );

  const started = performance.now();
  for (let n = 0; n < EVENTS; n += 1) {
    const ticket = ticketOf(n);
    const sentAt = performance.now();
    if (mode === "before") emitOld(io, sentAt, ticket);
    else fanOut(io, { name: "message.created", payload: { companyId: COMPANY, message: { id: sentAt, body: String(sentAt) } as never, ticket } });
    if (n % BURST === BURST - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  const emitted = performance.now();
  let count = -1;
  while (count !== latencies.length) {
    count = latencies.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const seconds = (lastDelivery - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(`socket fan-out (${mode}): ${SOCKETS} sockets, ${EVENTS} events, node ${process.version}, ${os.cpus().length} cores`);
  console.log(`emit loop ${(emitted - started).toFixed(0)} ms; deliveries ${latencies.length} (${(latencies.length / EVENTS).toFixed(1)} per event)`);
  console.log(
    `events/s ${(EVENTS / seconds).toFixed(0)}; deliveries/s ${(latencies.length / seconds).toFixed(0)}; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
  );
  for (const client of clients) client.disconnect();
  await io.close();
}

void main();
