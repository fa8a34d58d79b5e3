import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connections, users } from "../../db/schema/index.ts";
import { REFRESH_COOKIE } from "../auth/auth.routes.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { FakeDriver, createConnectionRow, eventually } from "../../../test/engine-harness.ts";
import { DEFAULT_PASSWORD, bearer, createCompany, createUser, loginAs } from "../../../test/factories.ts";

/*
 * Disabling a company (PUT /companies/{id} with status false): its users' sessions end in the same
 * request, their sockets are dropped at once (not at the next periodic check, 30 s later), its
 * connections' sessions stop, and its users cannot log in again until it is enabled.
 */

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

/** A socket of the session, open and ready; `dropped` tells whether the server has disconnected it. */
async function openSocket(token: string) {
  const socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  let dropped = false;
  socket.on("disconnect", () => {
    dropped = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, isDropped: () => dropped };
}

/** A company with an admin, an attendant, a super user of its own, and a running connection; everyone logged in. */
async function seed() {
  const company = await createCompany(t.db, { name: "Loja Desligada" });
  const admin = await createUser(t.db, { companyId: company.id, profile: "admin", email: "admin@desligada.example" });
  const agent = await createUser(t.db, { companyId: company.id, profile: "user", email: "agent@desligada.example" });
  const resident = await createUser(t.db, { companyId: company.id, profile: "admin", isSuper: true, email: "resident-super@desligada.example" });
  const connection = await createConnectionRow(t.db, company.id, { name: "Loja" }, "CONNECTED");
  const driver = new RecordingDriver();
  t.platform.channels.registerDriver(driver);
  await t.platform.channels.start(company.id, connection.id);

  const provider = await createCompany(t.db, { name: "Provedor" });
  const superUser = await createUser(t.db, { companyId: provider.id, profile: "admin", isSuper: true, email: "super@provedor.example" });
  const bystander = await createUser(t.db, { companyId: provider.id, profile: "user", email: "bystander@provedor.example" });

  const [adminSession, agentSession, residentSession, superSession, bystanderSession] = await Promise.all(
    [admin, agent, resident, superUser, bystander].map((user) => loginAs(t.app, user.email)),
  );
  return { company, admin, agent, connection, driver, provider, adminSession: adminSession!, agentSession: agentSession!, residentSession: residentSession!, superToken: superSession!.token, bystanderSession: bystanderSession! };
}

/** The fake driver, also recording which sessions were stopped and which logged out. */
class RecordingDriver extends FakeDriver {
  readonly stopped: number[] = [];
  readonly loggedOut: number[] = [];
  override async stop(connectionId?: number): Promise<void> {
    if (connectionId !== undefined) this.stopped.push(connectionId);
  }
  override async logout(connectionId?: number): Promise<void> {
    if (connectionId !== undefined) this.loggedOut.push(connectionId);
  }
}

type Seeded = Awaited<ReturnType<typeof seed>>;

const put = (s: Seeded, status: boolean) =>
  t.app.inject({
    method: "PUT",
    url: `/companies/${s.company.id}`,
    headers: bearer(s.superToken),
    payload: { name: s.company.name, email: "loja@desligada.example", planId: s.company.plan.id, status, campaignsEnabled: true, dueDate: s.company.dueDate?.toISOString(), recurrence: "MENSAL" },
  });
const me = (token: string) => t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });
const refresh = (cookie: string) => t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: cookie } });
const login = (email: string) => t.app.inject({ method: "POST", url: "/auth/login", payload: { email, password: DEFAULT_PASSWORD } });

describe("disabling a company", () => {
  it("ends its users' sessions in the same request: tokens and refresh cookies are refused, and the database forgot them", async () => {
    const s = await seed();
    const before = await t.db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(eq(users.companyId, s.company.id));

    const response = await put(s, false);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: false });
    for (const session of [s.adminSession, s.agentSession]) {
      expect({ status: (await me(session.token)).statusCode }).toEqual({ status: 401 });
      const refused = await refresh(session.refreshCookie);
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 401, error: "ERR_SESSION_EXPIRED" });
    }
    const after = await t.db.select({ id: users.id, isSuper: users.isSuper, tokenVersion: users.tokenVersion, refreshTokenId: users.refreshTokenId }).from(users).where(eq(users.companyId, s.company.id));
    for (const user of after.filter((row) => !row.isSuper)) {
      expect(user.tokenVersion).toBe(before.find((row) => row.id === user.id)!.tokenVersion + 1);
      expect(user.refreshTokenId).toBeNull();
    }
    expect(t.published).toContainEqual({ name: "sessions.ended", payload: { companyId: s.company.id, userIds: expect.arrayContaining([s.admin.id, s.agent.id]) } });
  });

  it("drops its users' sockets at once, not at the next periodic session check", async () => {
    const s = await seed();
    const admin = await openSocket(s.adminSession.token);
    const agent = await openSocket(s.agentSession.token);
    const bystander = await openSocket(s.bystanderSession.token);

    expect((await put(s, false)).statusCode).toBe(200);

    // The periodic check runs every 30 s: a drop within 3 s comes from the disabling itself.
    await eventually(() => admin.isDropped() && agent.isDropped(), (dropped) => dropped);
    expect(bystander.isDropped()).toBe(false);
    const again = connect(url, { auth: { token: s.agentSession.token }, transports: ["websocket"], reconnection: false, forceNew: true });
    sockets.push(again);
    expect(await new Promise<string>((resolve) => again.once("connect_error", (error: Error) => resolve(error.message)))).toBe("ERR_SESSION_EXPIRED");
  });

  it("refuses its users' logins with ERR_COMPANY_DISABLED until it is enabled again", async () => {
    const s = await seed();
    await put(s, false);

    const refused = await login(s.agent.email);
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 403, error: "ERR_COMPANY_DISABLED" });
    expect(refused.cookies.filter((cookie) => cookie.name === REFRESH_COOKIE)).toEqual([]);

    expect((await put(s, true)).statusCode).toBe(200);
    expect((await login(s.agent.email)).statusCode).toBe(200);
  });

  it("stops its connections' sessions without logging them out, marks them DISCONNECTED, and enabling it again starts none", async () => {
    const s = await seed();
    expect(t.platform.channels.isRunning(s.connection.id)).toBe(true);

    await put(s, false);

    expect(t.platform.channels.isRunning(s.connection.id)).toBe(false);
    expect(s.driver.stopped).toEqual([s.connection.id]);
    expect(s.driver.loggedOut).toEqual([]);
    const [row] = await t.db.select({ status: connections.status }).from(connections).where(eq(connections.id, s.connection.id));
    expect(row?.status).toBe("DISCONNECTED");
    expect(t.published).toContainEqual({ name: "connection.updated", payload: { companyId: s.company.id, connection: expect.objectContaining({ id: s.connection.id, status: "DISCONNECTED" }) } });

    await put(s, true);
    expect(t.platform.channels.isRunning(s.connection.id)).toBe(false);
    const [kept] = await t.db.select({ status: connections.status }).from(connections).where(eq(connections.id, s.connection.id));
    expect(kept?.status).toBe("DISCONNECTED");
  });

  it("leaves everyone else working: its own super users and the other companies' users", async () => {
    const s = await seed();
    await put(s, false);
    expect((await me(s.residentSession.token)).statusCode).toBe(200);
    expect((await me(s.bystanderSession.token)).statusCode).toBe(200);
    expect((await me(s.superToken)).statusCode).toBe(200);
  });

  it("ends nothing when the company stays enabled or was already disabled", async () => {
    const s = await seed();
    expect((await put(s, true)).statusCode).toBe(200);
    expect((await me(s.agentSession.token)).statusCode).toBe(200);
    expect(t.platform.channels.isRunning(s.connection.id)).toBe(true);
    await put(s, false);
    t.published.length = 0;
    expect((await put(s, false)).statusCode).toBe(200);
    expect(t.published.filter((event) => event.name === "sessions.ended")).toEqual([]);
  });
});
