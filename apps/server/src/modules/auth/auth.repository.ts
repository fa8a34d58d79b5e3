import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SessionUser } from "@conversa/shared";
import { ZProfile } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import type { ActorFacts } from "../../lib/context.ts";
import { companies, installationSettings, queues, settings, userQueues, users } from "../../db/schema/index.ts";
import { listSettingRows, toSettingDto } from "../settings/index.ts";

export interface AuthUserRow {
  id: number;
  companyId: number;
  passwordHash: string;
  profile: string;
  isSuper: boolean;
  tokenVersion: number;
  refreshTokenId: string | null;
  companyDueDate: Date | null;
  companyStatus: boolean;
  /**
   * The user must turn on two-factor sign-in before anything else: it is off for them, and their
   * company requires it (setting `require2fa`) or they are a super user and the installation requires it
   * for super users (`requireSuperUser2fa`).
   */
  twoFactorSetupRequired: boolean;
}

/**
 * Whether the user of the row read must set up two-factor sign-in first (see AuthUserRow), in the
 * statement that reads the user: two index lookups, made only while the user's second factor is off.
 */
const twoFactorSetupRequired = sql<boolean>`(${users.totpEnabledAt} is null and (
  exists(select 1 from ${settings} where ${settings.companyId} = ${users.companyId} and ${settings.key} = 'require2fa' and ${settings.value} = 'enabled')
  or (${users.isSuper} and exists(select 1 from ${installationSettings} where ${installationSettings.key} = 'requireSuperUser2fa' and ${installationSettings.value} = 'true'))
))`;

const authColumns = {
  id: users.id,
  companyId: users.companyId,
  passwordHash: users.passwordHash,
  profile: users.profile,
  isSuper: users.isSuper,
  tokenVersion: users.tokenVersion,
  refreshTokenId: users.refreshTokenId,
  companyDueDate: companies.dueDate,
  companyStatus: companies.status,
  twoFactorSetupRequired,
};

export async function findAuthUserByEmail(db: Db, email: string): Promise<AuthUserRow | undefined> {
  const [row] = await db
    .select(authColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findAuthUserById(db: Db, userId: number): Promise<AuthUserRow | undefined> {
  const [row] = await db.select(authColumns).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, userId));
  return row;
}

/**
 * The session check's row of an HTTP request, with what the visibility rule and the lists read of the
 * user in the same statement: their queues, allTicket flag and the company's time zone.
 */
export async function findSessionUserById(db: Db, userId: number): Promise<(AuthUserRow & ActorFacts) | undefined> {
  const [row] = await sessionUserById(db).execute({ userId });
  return row && { ...row, queueIds: row.queueIds.map(Number) };
}

const sessionUserById = preparedPerDb((db) =>
  db
    .select({
      ...authColumns,
      allTicket: users.allTicket,
      timezone: companies.timezone,
      queueIds: sql<number[]>`array(select ${userQueues.queueId} from ${userQueues} where ${userQueues.companyId} = ${users.companyId} and ${userQueues.userId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("session_user_by_id"),
);

export async function findAuthUsersByIds(db: Db, userIds: readonly number[]): Promise<AuthUserRow[]> {
  if (userIds.length === 0) return [];
  return db.select(authColumns).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(inArray(users.id, [...userIds]));
}

/** Starts a new session: bumps the version (ending any other session) and stores the new refresh token id. */
export async function startSession(db: Db, userId: number, refreshTokenId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, refreshTokenId, previousRefreshTokenId: null, refreshRotatedAt: null, lastLoginAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) throw new Error("user vanished while starting a session");
  return row.tokenVersion;
}

/**
 * Swaps the refresh token id only if the presented one is still the current one, in one statement,
 * so two concurrent refreshes with the same token cannot both succeed.
 */
export async function rotateRefreshToken(db: Db, userId: number, version: number, presentedId: string, nextId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ refreshTokenId: nextId, previousRefreshTokenId: presentedId, refreshRotatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.tokenVersion, version), eq(users.refreshTokenId, presentedId)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * The refresh token id that replaced `presentedId` when the presented one was rotated less than
 * `graceMs` ago (database time, the same for every process) and the session is still that version;
 * undefined otherwise.
 */
export async function findGraceSuccessor(db: Db, userId: number, version: number, presentedId: string, graceMs: number): Promise<string | undefined> {
  const [row] = await db
    .select({ refreshTokenId: users.refreshTokenId })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.tokenVersion, version),
        eq(users.previousRefreshTokenId, presentedId),
        sql`${users.refreshRotatedAt} > now() - make_interval(secs => ${graceMs / 1000})`,
      ),
    );
  return row?.refreshTokenId ?? undefined;
}

/** Ends every session of the user: tokens of the current version stop working. */
export async function endSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, refreshTokenId: null, previousRefreshTokenId: null, refreshRotatedAt: null, online: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The signed-in user with company, settings and queues, as the web app sees it. */
export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      profile: users.profile,
      isSuper: users.isSuper,
      companyId: users.companyId,
      whatsappId: users.whatsappId,
      allTicket: users.allTicket,
      online: users.online,
      companyName: companies.name,
      companyDueDate: companies.dueDate,
      companyTrialExpiration: companies.trialExpiration,
      companyEmail: companies.email,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      twoFactorSetupRequired,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const [queueRows, settingRows] = await Promise.all([
    db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(and(eq(userQueues.userId, userId), eq(userQueues.companyId, row.companyId)))
      .orderBy(asc(queues.orderQueue), asc(queues.name)),
    listSettingRows(db, row.companyId),
  ]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: ZProfile.catch("user").parse(row.profile),
    super: row.isSuper,
    companyId: row.companyId,
    whatsappId: row.whatsappId,
    allTicket: row.allTicket === "enabled" ? "enabled" : "desabled",
    online: row.online,
    queues: queueRows.map((queue) => ({ ...queue, UserQueue: { queueId: queue.id, userId: row.id } })),
    company: {
      id: row.companyId,
      name: row.companyName,
      dueDate: row.companyDueDate?.toISOString() ?? null,
      trialExpiration: row.companyTrialExpiration?.toISOString() ?? null,
      email: row.companyEmail,
      settings: settingRows.map(toSettingDto),
    },
    twoFactorEnabled: row.twoFactorEnabled,
    twoFactorSetupRequired: row.twoFactorSetupRequired,
  };
}

/**
 * Sets a user's online flag and last-seen time, unless nothing would change: the flag is the same and
 * (when `refreshMs` is given) the last-seen time is younger than `refreshMs`. One conditional statement,
 * so that several processes and several sockets of the user write at most once per window. Answers the
 * user and whether the flag changed, or undefined when nothing was written.
 */
export async function markUserPresence(
  db: Db,
  companyId: number,
  userId: number,
  online: boolean,
  refreshMs: number | null,
): Promise<{ user: { id: number; name: string; online: boolean }; changed: boolean } | undefined> {
  const before = alias(users, "before");
  const stale = refreshMs === null ? [] : [isNull(before.lastSeenAt), lt(before.lastSeenAt, sql`now() - make_interval(secs => ${refreshMs / 1000})`)];
  const [row] = await db
    .update(users)
    .set({ online, lastSeenAt: sql`now()` })
    .from(before)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(before.id, users.id), or(ne(before.online, online), ...stale)))
    .returning({ id: users.id, name: users.name, online: users.online, was: before.online });
  if (!row) return undefined;
  return { user: { id: row.id, name: row.name, online: row.online }, changed: row.was !== row.online };
}
