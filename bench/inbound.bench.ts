/**
 * Inbound messages at a rising rate: the real server (src/main.ts) in its own process on a fresh
 * PostgreSQL database, its simulator connection paired, an admin's socket following the notification
 * stream. Customers of CHATS chats write through the simulator's HTTP route, open-loop: a timer sends at
 * each step's target rate whatever the answers (at most MAX_IN_FLIGHT requests waiting; the others are
 * dropped and counted). Latency is from the send to the admin socket's `appMessage` create event of that
 * message (matched by its body). Stops when p99 passes 1 s or the backlog grows step over step.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_inbound npx tsx bench/inbound.bench.ts
 * (the database is dropped and created). BENCH_RATES (comma list), BENCH_STEP_SECONDS, BENCH_CHATS change the run.
 * The chats' tickets are accepted by the admin after the first message (a conversation with an attendant);
 * BENCH_TICKETS=pending leaves them waiting in the bot's menu, which answers every message.
 * At each rate the floor (bench/inbound-floor-server.ts: the same effects by one hand-written statement in a
 * process of its own, on the same database and tickets) runs the same step, the two sides alternating which
 * goes first; the CPU per delivered message (the process and the database's backends) of each, and their
 * ratio, are printed. BENCH_FLOOR=off leaves it out.
 */
import { companyEvent } from "@conversa/shared";
import { type Side, call, runMain, runRates, sleep, startFloorSide, startProduct, stopAll } from "./live.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_inbound";
const RATES = (process.env.BENCH_RATES ?? "50,100,200,300,400,500,700").split(",").map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 10);
const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const ACCEPT = process.env.BENCH_TICKETS !== "pending";
/** The floor runs beside the product (alternated at each rate) unless BENCH_FLOOR=off; only with accepted tickets. */
const FLOOR = ACCEPT && process.env.BENCH_FLOOR !== "off";

async function main(): Promise<void> {
  const product = await startProduct(url, "inbound", [["joinNotification"]]);
  const { base, token, user, companyId, connectionId, stats, ledger } = product;
  const onCreate = (payload: { action: string; message: { body: string; fromMe?: boolean } }) => {
    if (payload.action === "create" && !payload.message.fromMe) ledger.delivered(payload.message.body);
  };
  product.socket.on(companyEvent(companyId, "appMessage"), onCreate);
  let seq = 0;
  /** Posts the next chat's message to `target` (the body is unique: the socket's event is matched by it). */
  const post = (side: string, step: number, target: string, headers: Record<string, string>) => {
    const body = `${side}-${seq}`;
    const from = String(5511_900_000_000 + (seq % CHATS));
    seq += 1;
    ledger.post(side, step, body, target, headers, { from, name: `Cliente ${from}`, body }, 201);
  };
  const sides: Side[] = [
    { name: "product", pid: product.child.pid!, countFile: product.countFile, send: (step) => post("product", step, `${base}/simulator/connections/${connectionId}/messages`, { authorization: `Bearer ${token}` }) },
  ];

  // Warm-up: every chat's first message opens its contact and ticket, one at a time.
  for (let i = 0; i < CHATS; i++) {
    sides[0]!.send(-1);
    while (ledger.inFlight > 0) await sleep(1);
  }
  await sleep(2000);
  if (ACCEPT) {
    const pending = await stats.query("select id from tickets where company_id = $1 and status = 'pending'", [companyId]);
    for (const { id } of pending.rows as { id: number }[]) {
      await call(base, "PUT", `/tickets/${id}`, token, { status: "open", userId: user.id });
    }
    // Accepting may send a greeting: the steps start once the sends are out.
    for (let waited = 0; waited < 120; waited++) {
      const waiting = await stats.query("select count(*)::int as n from messages where from_me and send_status = 'pending'");
      if ((waiting.rows[0] as { n: number }).n === 0) break;
      await sleep(1000);
    }
  }

  // The floor (bench/inbound-floor-server.ts) on the same database, the same open tickets, the same rates.
  const floor = FLOOR ? await startFloorSide(product, url, "bench/inbound-floor-server.ts", onCreate, (floorBase, step) => post("floor", step, `${floorBase}/floor/messages`, {})) : undefined;
  if (floor) sides.push(floor);

  await sleep(3000);
  await runRates({ ledger, stats, sides, rates: RATES, stepSeconds: STEP_SECONDS, title: `inbound: ${CHATS} chats` });
  await stopAll(product, floor);
}

runMain(main);
