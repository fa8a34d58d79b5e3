import type { RedisClient } from "../lib/redis.ts";

/** A socket counts as present this long after its process last vouched for it. */
export const PRESENCE_TTL_MS = 30_000;
/** How often a process vouches for its sockets, and looks for users whose every socket expired. */
export const PRESENCE_SWEEP_MS = 10_000;


/** Takes the users whose last socket expired out of the index, atomically: each is handed to one process only. */
const TAKE_EXPIRED = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 500)
for _, member in ipairs(due) do redis.call('ZREM', KEYS[1], member) end
return due`;

export interface PresenceSocket {
  companyId: number;
  userId: number;
  socketId: string;
}

/**
 * Which users have a socket open in any process, in Redis: one sorted set per user (socket id → when it
 * expires) and one index of users (→ when their last socket expires). Each process vouches for its own
 * sockets every PRESENCE_SWEEP_MS; the sockets of a process that died are not vouched for and expire
 * PRESENCE_TTL_MS later, and the next sweep of any process reports their users offline. A user with
 * sockets in two processes is one user online.
 */
export class RedisPresence {
  /** The index of users; their own sets are `${prefix}:presence:{companyId}:{userId}`. */
  private readonly usersKey: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {
    this.usersKey = `${prefix}:presence:users`;
  }

  private userKey(companyId: number, userId: number): string {
    return `${this.prefix}:presence:${companyId}:${userId}`;
  }

  /** Records sockets as present for another PRESENCE_TTL_MS (a new socket, or a process's sweep). */
  async vouch(sockets: readonly PresenceSocket[], now = Date.now()): Promise<void> {
    if (sockets.length === 0) return;
    const expiresAt = now + PRESENCE_TTL_MS;
    const batch = this.redis.multi();
    for (const { companyId, userId, socketId } of sockets) {
      const key = this.userKey(companyId, userId);
      batch.zAdd(key, { score: expiresAt, value: socketId });
      batch.pExpire(key, PRESENCE_TTL_MS * 2);
      batch.zAdd(this.usersKey, { score: expiresAt, value: `${companyId}:${userId}` }, { GT: true });
    }
    await batch.exec();
  }

  /** A socket closed: answers whether its user has no socket left in any process. */
  async leave(socket: PresenceSocket, now = Date.now()): Promise<boolean> {
    const key = this.userKey(socket.companyId, socket.userId);
    const [, , left] = await this.redis.multi().zRem(key, socket.socketId).zRemRangeByScore(key, "-inf", now).zCard(key).exec();
    return left === 0;
  }

  /** The users whose every socket expired (their process died): each is answered by one process only. */
  async takeExpired(now = Date.now()): Promise<{ companyId: number; userId: number }[]> {
    const due = await this.redis.eval(TAKE_EXPIRED, { keys: [this.usersKey], arguments: [String(now)] });
    const gone: { companyId: number; userId: number }[] = [];
    for (const member of Array.isArray(due) ? due : []) {
      const [companyId, userId] = String(member).split(":").map(Number);
      if (!companyId || !userId) continue;
      const key = this.userKey(companyId, userId);
      // A socket vouched for between the index's expiry and now keeps the user online.
      const [, left] = await this.redis.multi().zRemRangeByScore(key, "-inf", now).zCard(key).exec();
      if (left === 0) gone.push({ companyId, userId });
    }
    return gone;
  }
}
