import http from "node:http";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ZAuthResponse, ZContact, ZListMessagesResponse, ZListTicketsResponse, ZMessage, ZSimulatorConnection, ZSimulatorConnectionList, ZSimulatorMessage, ZSimulatorMessagesPage, ZTicket } from "@conversa/shared";
import { eventually } from "../test/engine-harness.ts";
import { ok, request } from "../test/server-client.ts";
import { SERVER_ADMIN, type ServerData, ServerProcess, createServerData, postgresUnavailable } from "../test/server-process.ts";

/*
 * The real server, in a process of its own, is stopped as an operator stops it (SIGTERM, or Ctrl+C):
 * whatever is connected to it, it must exit soon and cleanly, after finishing what it had started.
 */

const unavailable = process.env.TEST_DB === "postgres" ? await postgresUnavailable() : undefined;
if (unavailable) console.warn(`shutdown: skipped on PostgreSQL: ${unavailable}`);

/** How long a stop may take, whatever is connected: a few seconds, not the minutes of an idle keep-alive or a websocket. */
const STOP_WITHIN_MS = 5_000;
const PHONE = "5511955551111";
const CUSTOMER = "5511966661111";

async function logIn(server: ServerProcess): Promise<string> {
  return (await ok(ZAuthResponse, request(server.base, "POST", "/auth/login", { body: SERVER_ADMIN }))).token;
}

/** A socket.io client as the web app opens it (websocket, or long-polling as before an upgrade), once the server said ready. */
async function openSocket(base: string, token: string, transport: "websocket" | "polling"): Promise<Socket> {
  const socket = connect(base, { auth: { token }, transports: [transport], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

/**
 * A contact creation whose headers and first bytes reach the server now and whose body ends when
 * `finish` is called: a request in flight for as long as the test wants.
 */
function startSlowRequest(base: string, token: string): { finish(): void; answer: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ name: "Cliente tardio", number: "5511977770000" });
  const req = http.request(new URL("/contacts", base), {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: `Bearer ${token}` },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once("error", reject);
    });
    req.once("error", reject);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

/** Sends SIGTERM and answers how the process ended and how long it took. */
async function terminate(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  const exit = await server.signal("SIGTERM");
  return { ...exit, ms: Date.now() - started };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(unavailable)("a server stopped with SIGTERM", () => {
  let data: ServerData;
  let server: ServerProcess | undefined;
  const sockets: Socket[] = [];
  let agent: http.Agent | undefined;
  beforeAll(async () => {
    data = await createServerData();
  }, 60_000);
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    agent?.destroy();
    await server?.kill();
    server = undefined;
  }, 30_000);
  afterAll(async () => {
    await data?.dispose();
  }, 60_000);

  it("exits within seconds with code 0 while browsers hold sockets and a keep-alive connection, and answers the request in flight", async () => {
    server = await ServerProcess.start(data);
    const token = await logIn(server);
    const websocket = await openSocket(server.base, token, "websocket");
    const polling = await openSocket(server.base, token, "polling");
    sockets.push(websocket, polling);
    const disconnected = [websocket, polling].map((socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason))));
    // A keep-alive HTTP connection left idle after its request, as a browser keeps it.
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = await new Promise<number>((resolve, reject) => {
      http.get(new URL("/health", server!.base), { agent }, (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
      }).once("error", reject);
    });
    expect(health).toBe(200);
    const creation = startSlowRequest(server.base, token);
    await pause(500);

    const stopping = terminate(server);
    await pause(300);
    creation.finish();

    const answer = await creation.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(ZContact.parse(JSON.parse(answer.body)).name).toBe("Cliente tardio");
    const exit = await stopping;
    expect(exit, server.output()).toMatchObject({ code: 0, signal: null });
    expect(exit.ms, server.output()).toBeLessThan(STOP_WITHIN_MS);
    await Promise.all(disconnected);
  }, 120_000);

  it("exits within seconds while a message's send is still waiting for the network, and the next process sends it once", async () => {
    server = await ServerProcess.start(data);
    const running = server;
    const token = await logIn(running);
    const [connection] = await ok(ZSimulatorConnectionList, request(running.base, "GET", "/simulator/connections", { token }));
    if (!connection) throw new Error("the seed made no simulator connection");
    await eventually(
      async () => {
        const current = await ok(ZSimulatorConnectionList, request(running.base, "GET", "/simulator/connections", { token }));
        const state = current.find((c) => c.id === connection.id);
        if (state?.status === "qrcode" && state.qrcode) {
          await request(running.base, "POST", `/simulator/connections/${connection.id}/scan`, { token, body: { qrcode: state.qrcode, number: PHONE } });
        }
        return state?.status;
      },
      (status) => status === "CONNECTED",
      30_000,
    );
    await ok(ZSimulatorMessage, request(running.base, "POST", `/simulator/connections/${connection.id}/messages`, { token, body: { from: CUSTOMER, name: "Cliente", body: "oi" } }));
    const list = await ok(ZListTicketsResponse, request(running.base, "GET", "/tickets?status=pending&showAll=true", { token }));
    const ticket = list.tickets.find((t) => t.contact.number === CUSTOMER);
    if (!ticket) throw new Error("the customer's message opened no ticket");
    await ok(ZTicket, request(running.base, "PUT", `/tickets/${ticket.id}`, { token, body: { status: "open" } }));
    // The network takes the send and answers it a long time later: the send job is running at the stop.
    await ok(ZSimulatorConnection, request(running.base, "PUT", `/simulator/connections/${connection.id}/sends`, { token, body: { refuse: false, answerDelayMs: 60_000 } }));
    const networkCount = async () =>
      (await ok(ZSimulatorMessagesPage, request(running.base, "GET", `/simulator/connections/${connection.id}/chats/${CUSTOMER}/messages?pageSize=1`, { token }))).count;
    const before = await networkCount();
    const [posted] = await ok(z.array(ZMessage), request(running.base, "POST", `/messages/${ticket.id}`, { token, body: { body: "até já", signMessage: false } }));
    if (!posted) throw new Error("the post answered no message");
    await eventually(networkCount, (count) => count > before);

    const exit = await terminate(running);
    expect(exit, running.output()).toMatchObject({ code: 0, signal: null });
    expect(exit.ms, running.output()).toBeLessThan(STOP_WITHIN_MS);

    // Handed back, not lost: the next process sends it, once.
    await running.restart();
    const again = await logIn(running);
    const sent = await eventually(
      async () => (await ok(ZListMessagesResponse, request(running.base, "GET", `/messages/${ticket.id}`, { token: again }))).messages.find((m) => m.id === posted.id),
      (message) => message?.sendStatus === "sent",
      60_000,
    );
    expect(sent?.sendStatus).toBe("sent");
    const page = await ok(
      ZSimulatorMessagesPage,
      request(running.base, "GET", `/simulator/connections/${connection.id}/chats/${CUSTOMER}/messages`, { token: again }),
    );
    expect(page.messages.filter((m) => m.body === "até já")).toHaveLength(1);
  }, 180_000);
});
