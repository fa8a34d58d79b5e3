/**
 * The attendant's sends at a rising rate, request to network: the real server (src/main.ts, its job workers
 * running) in its own process on a fresh PostgreSQL database, its simulator connection paired, the admin's
 * socket on the open tab. CHATS customers write once; the admin accepts their tickets; then the admin posts
 * `POST /messages/:ticketId` with a text to the tickets in turn, open-loop (a timer sends at each step's
 * target rate whatever the answers; at most 256 requests waiting, the others dropped and counted). Latency is
 * from the post to the socket's `appMessage` update that shows the message sent (the simulated network took
 * it), matched by its body. The network's receipts (sent, delivered) that follow are part of the CPU measured.
 * At each rate the floor (bench/outbound-floor-server.ts: the same effects by hand-written statements, no
 * queue) runs the same step on the same tickets, the two sides alternating which goes first; the CPU per
 * delivered message of each (the process and the database's backends) and their ratio are printed.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_outbound npx tsx bench/outbound.bench.ts
 * (the database is dropped and created). BENCH_RATES (comma list), BENCH_STEP_SECONDS, BENCH_CHATS change the
 * run; BENCH_FLOOR=off leaves the floor out.
 */
import { companyEvent } from "@conversa/shared";
import { type Side, call, runMain, runRates, sleep, startFloorSide, startProduct, stopAll } from "./live.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_outbound";
const RATES = (process.env.BENCH_RATES ?? "50,100,200,300,400,500").split(",").map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 10);
const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const FLOOR = process.env.BENCH_FLOOR !== "off";

async function main(): Promise<void> {
  const product = await startProduct(url, "outbound", [["joinTickets", "open"]]);
  const { base, token, user, companyId, connectionId, stats, ledger } = product;
  const authorization = { authorization: `Bearer ${token}` };

  // Every customer writes once (one at a time: each opens its contact and ticket); the admin takes them all.
  for (let i = 0; i < CHATS; i++) {
    const from = String(5511_900_000_000 + i);
    ledger.post("warm-up", -1, `oi ${i}`, `${base}/simulator/connections/${connectionId}/messages`, authorization, { from, name: `Cliente ${from}`, body: `oi ${i}` }, 201);
    while (ledger.inFlight > 0) await sleep(1);
  }
  await sleep(2000);
  const pending = await stats.query("select id from tickets where company_id = $1 and status = 'pending' order by id", [companyId]);
  const ticketIds = (pending.rows as { id: number }[]).map((row) => row.id);
  if (ticketIds.length !== CHATS) throw new Error(`expected ${CHATS} waiting tickets, found ${ticketIds.length}`);
  for (const id of ticketIds) await call(base, "PUT", `/tickets/${id}`, token, { status: "open", userId: user.id });

  const onUpdate = (payload: { action: string; message?: { body: string; sendStatus?: string } }) => {
    if (payload.action === "update" && payload.message?.sendStatus === "sent") ledger.delivered(payload.message.body);
  };
  product.socket.on(companyEvent(companyId, "appMessage"), onUpdate);
  let seq = 0;
  /** Posts a unique text to the next ticket in turn on `side`. */
  const post = (side: string, step: number, route: (ticketId: number) => string, headers: Record<string, string>) => {
    const body = `${side}-${seq}`;
    const ticketId = ticketIds[seq % ticketIds.length]!;
    seq += 1;
    ledger.post(side, step, body, route(ticketId), headers, { body }, 200);
  };
  const sides: Side[] = [{ name: "product", pid: product.child.pid!, countFile: product.countFile, send: (step) => post("product", step, (id) => `${base}/messages/${id}`, authorization) }];
  // Warm-up of the send path itself (its statements prepared, its code compiled): two sends a chat, one at a time.
  for (let i = 0; i < CHATS * 2; i++) {
    sides[0]!.send(-1);
    while (ledger.inFlight > 0) await sleep(1);
  }
  // The steps start once every send is out and its receipts are in.
  for (let waited = 0; waited < 120; waited++) {
    const waiting = await stats.query("select count(*)::int as n from messages where from_me and (send_status = 'pending' or ack < 3)");
    if ((waiting.rows[0] as { n: number }).n === 0) break;
    await sleep(1000);
  }

  const floor = FLOOR
    ? await startFloorSide(product, url, "bench/outbound-floor-server.ts", onUpdate, (floorBase, step) => post("floor", step, (id) => `${floorBase}/floor/messages/${id}`, {}))
    : undefined;
  if (floor) sides.push(floor);

  await sleep(3000);
  await runRates({ ledger, stats, sides, rates: RATES, stepSeconds: STEP_SECONDS, title: `outbound: ${CHATS} chats` });
  await stopAll(product, floor);
}

runMain(main);
