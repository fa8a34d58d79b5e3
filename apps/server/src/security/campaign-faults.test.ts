import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZCampaign, ZCampaignSettingsList, ZContactList, ZContactListItem } from "@conversa/shared";
import { eventually } from "../../test/engine-harness.ts";
import { logIn, ok, pairSimulator, request, runPool, waitConnected } from "../../test/server-client.ts";
import { type ServerData, ServerProcess, createServerData, postgresUnavailable } from "../../test/server-process.ts";
import type { Db } from "../db/client.ts";
import { campaignShipping, contactListItems, messages, simulatorMessages } from "../db/schema/index.ts";

/*
 * A campaign of 200 recipients dispatched on the simulator by the real server, in a process of its own,
 * killed with SIGKILL (no shutdown code runs) twice while it sends, and started again on the same data.
 * Each recipient must receive exactly one campaign message.
 */

/*
 * One database is enough for this test's minutes: PostgreSQL, the production database, when a server answers
 * (the server-postgres project); the embedded one otherwise, so that a checkout without PostgreSQL still runs it.
 */
const unavailable =
  process.env.TEST_DB === "postgres"
    ? await postgresUnavailable()
    : process.env.TEST_DATABASE_URL && !(await postgresUnavailable())
      ? "it runs on PostgreSQL, which answers at TEST_DATABASE_URL"
      : undefined;
if (unavailable) console.warn(`campaign faults: skipped on ${process.env.TEST_DB === "postgres" ? "PostgreSQL" : "PGlite"}: ${unavailable}`);

const RECIPIENTS = 200;
/** Campaign messages on the network at the first and second kill. */
const KILL_AT = [50, 120] as const;
const CONCURRENCY = 10;
const MESSAGE = "Oferta da semana para {nome}";
/** Generous: a restart, then the rest of the dispatch, on a busy two-core machine. */
const DRAIN_MS = 300_000;

const numberOf = (i: number) => `55119777${String(i).padStart(5, "0")}`;

const figures: string[] = [];
/** Where the time went, printed even when the test fails. */
const phases: string[] = [];
afterAll(() => {
  if (phases.length) console.log(`campaign faults, phases: ${phases.join(", ")}`);
  if (figures.length) console.log(`campaign faults: ${figures.join("; ")}`);
});

/** Campaign messages on the simulated network by customer, and what the server recorded of each recipient. */
async function dispatchState(db: Db, companyId: number, connectionId: number, campaignId: number) {
  const sent = await db
    .select({ number: simulatorMessages.customerNumber, wid: simulatorMessages.wid })
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.connectionId, connectionId), eq(simulatorMessages.direction, "out")));
  const perNumber = new Map<string, number>();
  for (const row of sent) perNumber.set(row.number, (perNumber.get(row.number) ?? 0) + 1);
  const recipients = await db
    .select({ number: campaignShipping.number, messageId: campaignShipping.messageId, deliveredAt: campaignShipping.deliveredAt })
    .from(campaignShipping)
    .where(eq(campaignShipping.campaignId, campaignId));
  const [stored] = await db.select({ count: sql<number>`count(*)::int` }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true)));
  return { sent: sent.length, perNumber, recipients, storedOutbound: stored?.count ?? 0 };
}

describe.skipIf(unavailable)("a server killed with SIGKILL while a campaign is dispatched", () => {
  let data: ServerData;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    data = await createServerData();
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await data?.dispose();
  }, 60_000);

  it("sends each of the 200 recipients exactly one campaign message after two kills", async () => {
    const started = Date.now();
    const phase = (what: string) => phases.push(`${what} at ${Math.round((Date.now() - started) / 1000)} s`);
    server = await ServerProcess.start(data);
    const running = server;
    let session = await logIn(running);
    const connectionId = await pairSimulator(running, session.token);
    phase("paired");

    // No pause between sends: the dispatch runs as fast as its chain of jobs.
    await ok(ZCampaignSettingsList, request(running.base, "POST", "/campaign-settings", { token: session.token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } }));
    const list = await ok(ZContactList, request(running.base, "POST", "/contact-lists", { token: session.token, body: { name: "Clientes da oferta" } }));
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => numberOf(i));
    await runPool(numbers, CONCURRENCY, async (number) => {
      await ok(ZContactListItem, request(running.base, "POST", "/contact-list-items", { token: session.token, body: { name: `Cliente ${number.slice(-3)}`, number, contactListId: list.id } }));
    });

    phase("list filled");
    // The validity job checks four numbers a second; the test marks them checked between two processes instead.
    await running.stop();
    await data.update((db) => db.update(contactListItems).set({ isWhatsappValid: true }).where(eq(contactListItems.contactListId, list.id)));
    await running.restart();
    session = await logIn(running);
    await waitConnected(running, session.token);
    const prepared = Date.now();
    phase("restarted");

    const campaign = await ok(
      ZCampaign,
      request(running.base, "POST", "/campaigns", {
        token: session.token,
        body: { name: "Oferta", message1: MESSAGE, whatsappId: connectionId, contactListId: list.id, scheduledAt: new Date(Date.now() + 1_000).toISOString() },
      }),
    );
    expect(campaign.status).toBe("PROGRAMADA");

    // Two kills while the messages go out, each once the network has that many.
    const atKill: number[] = [];
    for (const threshold of KILL_AT) {
      const { token } = session;
      await eventually(
        () => ok(ZCampaign, request(running.base, "GET", `/campaigns/${campaign.id}`, { token })),
        (current) => current.progress.delivered >= threshold,
        DRAIN_MS,
      );
      await running.kill();
      phase(`killed at ${threshold} delivered`);
      atKill.push((await data.inspect((db) => dispatchState(db, session.companyId, connectionId, campaign.id))).sent);
      await running.restart();
      session = await logIn(running);
    }

    const { token } = session;
    const finished = await eventually(() => ok(ZCampaign, request(running.base, "GET", `/campaigns/${campaign.id}`, { token })), (current) => current.status === "FINALIZADA", DRAIN_MS);
    phase("finished");
    await running.stop();

    const end = await data.inspect((db) => dispatchState(db, session.companyId, connectionId, campaign.id));
    expect(atKill[0], "the first kill comes while the campaign is being sent").toBeLessThan(RECIPIENTS);
    expect(atKill[1], "the second kill comes while the campaign is being sent").toBeLessThan(RECIPIENTS);
    expect(end.recipients).toHaveLength(RECIPIENTS);
    const notOnce = numbers.filter((number) => end.perNumber.get(number) !== 1).map((number) => `${number}: ${end.perNumber.get(number) ?? 0}`);
    expect(notOnce, "recipients without exactly one campaign message on the network").toEqual([]);
    expect(end.sent, "messages on the network").toBe(RECIPIENTS);
    expect(end.storedOutbound, "campaign messages stored").toBe(RECIPIENTS);
    expect(end.recipients.filter((recipient) => recipient.deliveredAt === null), "recipients not recorded as delivered").toEqual([]);
    expect(finished.progress).toMatchObject({ validContacts: RECIPIENTS, delivered: RECIPIENTS, failed: 0, skipped: 0 });
    figures.push(
      `${RECIPIENTS} recipients: kills with ${atKill.join(" and ")} messages on the network; ${end.sent} sent, each recipient once; ` +
        `dispatch with the kills ${Math.round((Date.now() - prepared) / 1000)} s, whole test ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 600_000);
});
