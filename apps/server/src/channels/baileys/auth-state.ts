import { and, eq, inArray, sql } from "drizzle-orm";
import { type AuthenticationCreds, type AuthenticationState, BufferJSON, type SignalDataSet, type SignalDataTypeMap, initAuthCreds, proto } from "baileys";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { channelAuthKeys, connections } from "../../db/schema/index.ts";

/**
 * The Baileys authentication state of one connection, kept in the database instead of on disk:
 * the credentials in `connections.session`, the signal keys one row each in `channel_auth_keys`.
 * Buffers are written the way Baileys' own stores write them (BufferJSON: `{type: "Buffer", data: base64}`)
 * so that they come back as Buffers.
 */

export interface AuthScope {
  companyId: number;
  connectionId: number;
}

export interface DbAuthState {
  /** What the socket is given; Baileys mutates `state.creds` and then emits `creds.update`. */
  state: AuthenticationState;
  /** Writes the current credentials. */
  saveCreds(): Promise<void>;
  /** Forgets the credentials and every key (logout, new QR). The next load starts a new pairing. */
  clear(): Promise<void>;
}

/** The envelope of `connections.session` written by this driver. */
const ZStoredSession = z.object({ driver: z.literal("baileys"), creds: z.record(z.string(), z.unknown()) });

const ZBytes = z.instanceof(Uint8Array);
const ZKeyPair = z.object({ public: ZBytes, private: ZBytes });
/** The parts of the credentials without which a session cannot resume; the rest is carried as is. */
const ZCreds = z.looseObject({
  noiseKey: ZKeyPair,
  pairingEphemeralKeyPair: ZKeyPair,
  signedIdentityKey: ZKeyPair,
  signedPreKey: z.looseObject({ keyPair: ZKeyPair, signature: ZBytes, keyId: z.number() }),
  registrationId: z.number(),
  advSecretKey: z.string(),
  nextPreKeyId: z.number(),
  firstUnuploadedPreKeyId: z.number(),
  accountSyncCounter: z.number(),
  accountSettings: z.looseObject({ unarchiveChats: z.boolean() }),
  processedHistoryMessages: z.array(z.unknown()),
  registered: z.boolean(),
});

function isAuthCreds(value: unknown): value is AuthenticationCreds {
  return ZCreds.safeParse(value).success;
}

/** A JSON value with every Buffer/Uint8Array written as `{type: "Buffer", data: base64}`. */
export function toStoredJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, BufferJSON.replacer));
}

/** The inverse of toStoredJson: Buffers come back as Buffers. */
export function fromStoredJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), BufferJSON.reviver);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The stored credentials, or undefined when there are none or they are unreadable (a new pairing starts). */
export function parseStoredCreds(session: unknown): AuthenticationCreds | undefined {
  const stored = ZStoredSession.safeParse(session);
  if (!stored.success) return undefined;
  const creds = fromStoredJson(stored.data.creds);
  return isAuthCreds(creds) ? creds : undefined;
}

function scoped(scope: AuthScope) {
  return and(eq(channelAuthKeys.companyId, scope.companyId), eq(channelAuthKeys.connectionId, scope.connectionId));
}

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters (Baileys uploads 812 pre-keys at pairing). */
const INSERT_CHUNK = 500;

async function readKeys<T extends keyof SignalDataTypeMap>(db: Db, scope: AuthScope, type: T, ids: string[]): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
  const result: { [id: string]: SignalDataTypeMap[T] } = {};
  if (ids.length === 0) return result;
  // Read as text: Drizzle would parse a jsonb string value a second time ("5511…" → a number).
  const rows = await db
    .select({ keyId: channelAuthKeys.keyId, json: sql<string>`${channelAuthKeys.value}::text` })
    .from(channelAuthKeys)
    .where(and(scoped(scope), eq(channelAuthKeys.category, type), inArray(channelAuthKeys.keyId, ids)));
  for (const row of rows) {
    const value: unknown = JSON.parse(row.json, BufferJSON.reviver);
    // The row was written by writeKeys from Baileys' own value of this category; app-state keys are protobuf objects again.
    result[row.keyId] = (type === "app-state-sync-key" && isRecord(value) ? proto.Message.AppStateSyncKeyData.fromObject(value) : value) as SignalDataTypeMap[T];
  }
  return result;
}

/** Upserts and deletes (a null value) in one transaction, so a crash never leaves half a key update. */
async function writeKeys(db: Db, scope: AuthScope, data: SignalDataSet): Promise<void> {
  const upserts: (typeof channelAuthKeys.$inferInsert)[] = [];
  const deletes = new Map<string, string[]>();
  for (const [category, entries] of Object.entries(data)) {
    if (!entries) continue;
    for (const [keyId, value] of Object.entries(entries)) {
      if (value === null || value === undefined) deletes.set(category, [...(deletes.get(category) ?? []), keyId]);
      else upserts.push({ companyId: scope.companyId, connectionId: scope.connectionId, category, keyId, value: toStoredJson(value) });
    }
  }
  if (upserts.length === 0 && deletes.size === 0) return;
  await db.transaction(async (tx) => {
    for (const [category, keyIds] of deletes) {
      await tx.delete(channelAuthKeys).where(and(scoped(scope), eq(channelAuthKeys.category, category), inArray(channelAuthKeys.keyId, keyIds)));
    }
    for (let start = 0; start < upserts.length; start += INSERT_CHUNK) {
      await tx
        .insert(channelAuthKeys)
        .values(upserts.slice(start, start + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: [channelAuthKeys.connectionId, channelAuthKeys.category, channelAuthKeys.keyId],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
          setWhere: eq(channelAuthKeys.companyId, scope.companyId),
        });
    }
  });
}

/** Removes the credentials and every key of the connection. */
export async function clearAuthState(db: Db, scope: AuthScope): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(channelAuthKeys).where(scoped(scope));
    await tx
      .update(connections)
      .set({ session: null })
      .where(and(eq(connections.companyId, scope.companyId), eq(connections.id, scope.connectionId)));
  });
}

/**
 * Loads the connection's auth state: its stored credentials, or new ones (a new pairing) when there
 * are none. Throws when the connection does not exist in the company.
 */
export async function loadAuthState(db: Db, scope: AuthScope): Promise<DbAuthState> {
  const [row] = await db
    .select({ session: connections.session })
    .from(connections)
    .where(and(eq(connections.companyId, scope.companyId), eq(connections.id, scope.connectionId)));
  if (!row) throw new Error(`connection ${scope.connectionId} not found in company ${scope.companyId}`);
  const creds = parseStoredCreds(row.session) ?? initAuthCreds();
  return {
    state: {
      creds,
      keys: {
        get: (type, ids) => readKeys(db, scope, type, ids),
        set: (data) => writeKeys(db, scope, data),
      },
    },
    saveCreds: async () => {
      await db
        .update(connections)
        .set({ session: { driver: "baileys", creds: toStoredJson(creds) } })
        .where(and(eq(connections.companyId, scope.companyId), eq(connections.id, scope.connectionId)));
    },
    clear: () => clearAuthState(db, scope),
  };
}
