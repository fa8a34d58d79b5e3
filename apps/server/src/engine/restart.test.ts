import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { messages, tickets } from "../db/schema/index.ts";
import { DomainEvents } from "../events/domain-events.ts";
import { type Platform, createPlatform } from "../platform.ts";
import { type TestApp, buildTestApp, testConfig } from "../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, eventually, inbound } from "../../test/engine-harness.ts";
import { createCompany, createUser } from "../../test/factories.ts";
import { acceptTicket } from "./lifecycle.ts";
import { queueOutboundMessage } from "./outbound.ts";

let t: TestApp | undefined;
let second: Platform | undefined;
afterEach(async () => {
  await second?.stop();
  await t?.close();
  t = undefined;
  second = undefined;
});

describe("a server restart with queued sends", () => {
  it("loses none and sends none twice", async () => {
    t = await buildTestApp({}, { start: true });
    const company = await createCompany(t.db);
    const connection = await createConnectionRow(t.db, company.id);
    const driver = await attachFakeDriver(t, connection);
    await t.platform.engine.handleInbound(inbound(connection, "5511977770001", "oi"));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    const user = await createUser(t.db, { companyId: company.id, profile: "admin" });
    await acceptTicket(t.platform.engine.deps, { companyId: company.id, userId: user.id, profile: "admin", isSuper: false }, ticket!.id);

    driver.connected = false;
    for (let i = 0; i < 20; i++) {
      await queueOutboundMessage(t.platform.engine.deps, { companyId: company.id, ticketId: ticket!.id, body: `mensagem ${i}`, userId: user.id });
    }
    // Let some attempts fail against the dead connection, then stop this "process".
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await t.platform.stop();
    expect(driver.sent).toHaveLength(0);

    second = createPlatform(testConfig(), t.database, pino({ level: "silent" }), new DomainEvents());
    await second.start();
    const revived = await attachFakeDriver({ ...t, platform: second }, connection);

    await eventually(() => revived.sent.length, (n) => n >= 20);
    await eventually(
      async () => (await t!.db.select().from(messages).where(eq(messages.ticketId, ticket!.id)).orderBy(asc(messages.id))).filter((m) => m.fromMe && m.sendStatus !== "sent").length,
      (n) => n === 0,
      30_000,
    );
    const keys = revived.sent.map((s) => s.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    // In the order they were written, whatever failed before the restart.
    expect(revived.bodies()).toEqual(Array.from({ length: 20 }, (_, i) => `mensagem ${i}`));
  }, 90_000);
});
