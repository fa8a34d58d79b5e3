import { randomUUID } from "node:crypto";
import { type KeyPair, proto } from "baileys";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { channelAuthKeys, connections } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { createCompany } from "../../../test/factories.ts";
import { type AuthScope, loadAuthState } from "./auth-state.ts";

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

async function betaConnection(companyId?: number): Promise<AuthScope> {
  const company = companyId ?? (await createCompany(t.db)).id;
  const [row] = await t.db
    .insert(connections)
    .values({ companyId: company, name: `WhatsApp ${randomUUID().slice(0, 8)}`, provider: "beta", status: "DISCONNECTED" })
    .returning();
  if (!row) throw new Error("connection not created");
  return { companyId: company, connectionId: row.id };
}

async function keyRows(scope: AuthScope) {
  return t.db
    .select({ category: channelAuthKeys.category, keyId: channelAuthKeys.keyId })
    .from(channelAuthKeys)
    .where(and(eq(channelAuthKeys.companyId, scope.companyId), eq(channelAuthKeys.connectionId, scope.connectionId)))
    .orderBy(channelAuthKeys.category, channelAuthKeys.keyId);
}

async function sessionOf(scope: AuthScope): Promise<unknown> {
  const [row] = await t.db.select({ session: connections.session }).from(connections).where(eq(connections.id, scope.connectionId));
  return row?.session;
}

const keyPair = (seed: number): KeyPair => ({ public: Buffer.alloc(32, seed), private: Buffer.alloc(32, seed + 1) });

describe("database auth state", () => {
  it("starts with new credentials and brings saved ones back with their Buffers", async () => {
    const scope = await betaConnection();
    const first = await loadAuthState(t.db, scope);
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.me = { id: "5511999990000:7@s.whatsapp.net", name: "Loja" };
    first.state.creds.routingInfo = Buffer.from([8, 8, 8, 3]);
    await first.saveCreds();

    expect(await sessionOf(scope)).toMatchObject({ driver: "baileys", creds: { noiseKey: { private: { type: "Buffer" } } } });
    const again = await loadAuthState(t.db, scope);
    const creds = again.state.creds;
    expect(Buffer.isBuffer(creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(creds.noiseKey.private)).toEqual(Buffer.from(first.state.creds.noiseKey.private));
    expect(Buffer.from(creds.signedPreKey.signature)).toEqual(Buffer.from(first.state.creds.signedPreKey.signature));
    expect(creds.routingInfo).toEqual(Buffer.from([8, 8, 8, 3]));
    expect(creds.me).toEqual({ id: "5511999990000:7@s.whatsapp.net", name: "Loja" });
    expect(creds.registrationId).toBe(first.state.creds.registrationId);
    expect(creds.advSecretKey).toBe(first.state.creds.advSecretKey);
  });

  it("starts a new pairing when the stored session is unreadable", async () => {
    const scope = await betaConnection();
    await t.db.update(connections).set({ session: { driver: "baileys", creds: { noiseKey: "garbage" } } }).where(eq(connections.id, scope.connectionId));
    const state = await loadAuthState(t.db, scope);
    expect(Buffer.isBuffer(state.state.creds.noiseKey.private)).toBe(true);
    expect(state.state.creds.registered).toBe(false);
  });

  it("refuses a connection of another company", async () => {
    const scope = await betaConnection();
    const other = await createCompany(t.db);
    await expect(loadAuthState(t.db, { companyId: other.id, connectionId: scope.connectionId })).rejects.toThrow(/not found/);
  });

  it("sets, gets and deletes signal keys by category and id", async () => {
    const scope = await betaConnection();
    const { state } = await loadAuthState(t.db, scope);
    const session = Uint8Array.from([1, 2, 3, 250]);
    await state.keys.set({
      "pre-key": { "1": keyPair(1), "2": keyPair(3) },
      session: { "5511988887777.0": session },
      "app-state-sync-key": { AAAAAQ: { keyData: Buffer.from("key-data"), fingerprint: { rawId: 7, currentIndex: 1, deviceIndexes: [0, 1] }, timestamp: 1_767_225_600 } },
      "lid-mapping": { "204748306993215_reverse": "5511988887777" },
    });

    const preKeys = await state.keys.get("pre-key", ["1", "2", "99"]);
    expect(Object.keys(preKeys).sort()).toEqual(["1", "2"]);
    expect(Buffer.isBuffer(preKeys["1"]?.private)).toBe(true);
    expect(preKeys["2"]).toEqual(keyPair(3));
    expect(await state.keys.get("session", ["5511988887777.0"])).toEqual({ "5511988887777.0": Buffer.from(session) });
    const appKeys = await state.keys.get("app-state-sync-key", ["AAAAAQ"]);
    expect(appKeys.AAAAAQ).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(appKeys.AAAAAQ?.keyData ?? [])).toEqual(Buffer.from("key-data"));
    expect(await state.keys.get("lid-mapping", ["204748306993215_reverse"])).toEqual({ "204748306993215_reverse": "5511988887777" });

    await state.keys.set({ "pre-key": { "1": null, "2": keyPair(5) } });
    expect(await state.keys.get("pre-key", ["1", "2"])).toEqual({ "2": keyPair(5) });
    expect(await keyRows(scope)).toEqual([
      { category: "app-state-sync-key", keyId: "AAAAAQ" },
      { category: "lid-mapping", keyId: "204748306993215_reverse" },
      { category: "pre-key", keyId: "2" },
      { category: "session", keyId: "5511988887777.0" },
    ]);
  });

  it("writes the pre-keys of a pairing (812 at once) in one call", async () => {
    const scope = await betaConnection();
    const { state } = await loadAuthState(t.db, scope);
    const preKeys = Object.fromEntries(Array.from({ length: 812 }, (_, index) => [String(index + 1), keyPair(index % 200)]));
    await state.keys.set({ "pre-key": preKeys });
    expect(await keyRows(scope)).toHaveLength(812);
    expect((await state.keys.get("pre-key", ["812"]))["812"]).toEqual(keyPair(811 % 200));
  });

  it("clear() forgets the credentials and keys of this connection only", async () => {
    const scope = await betaConnection();
    const sibling = await betaConnection(scope.companyId);
    const foreign = await betaConnection();
    const mine = await loadAuthState(t.db, scope);
    await mine.saveCreds();
    await mine.state.keys.set({ "pre-key": { "1": keyPair(1) }, session: { "5511988887777.0": Buffer.from([1]) } });
    for (const other of [sibling, foreign]) {
      const state = await loadAuthState(t.db, other);
      await state.saveCreds();
      await state.state.keys.set({ "pre-key": { "1": keyPair(9) }, session: { "5511988887777.0": Buffer.from([9]) } });
    }

    await mine.clear();

    expect(await sessionOf(scope)).toBeNull();
    expect(await keyRows(scope)).toEqual([]);
    for (const other of [sibling, foreign]) {
      expect(await sessionOf(other)).toMatchObject({ driver: "baileys" });
      const state = await loadAuthState(t.db, other);
      expect(await state.state.keys.get("pre-key", ["1"])).toEqual({ "1": keyPair(9) });
    }
    const fresh = await loadAuthState(t.db, scope);
    expect(Buffer.from(fresh.state.creds.noiseKey.private)).not.toEqual(Buffer.from(mine.state.creds.noiseKey.private));
  });

  it("keeps another connection's key with the same id apart", async () => {
    const a = await betaConnection();
    const b = await betaConnection();
    const stateA = await loadAuthState(t.db, a);
    const stateB = await loadAuthState(t.db, b);
    await stateA.state.keys.set({ session: { "5511988887777.0": Buffer.from([1]) } });
    await stateB.state.keys.set({ session: { "5511988887777.0": Buffer.from([2]) } });
    await stateA.state.keys.set({ session: { "5511988887777.0": null } });
    expect(await stateA.state.keys.get("session", ["5511988887777.0"])).toEqual({});
    expect(await stateB.state.keys.get("session", ["5511988887777.0"])).toEqual({ "5511988887777.0": Buffer.from([2]) });
  });
});
