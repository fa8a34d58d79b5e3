import { createAdapter } from "@socket.io/redis-adapter";
import type { Server } from "socket.io";
import type { ChannelManager } from "../channels/channel-manager.ts";
import { type RemoteSessions, type SessionAnswer, ZSessionAnswer, ZSessionCall } from "../channels/session-calls.ts";
import { type Redis, forgivingPublisher } from "../lib/redis.ts";

/**
 * How long a request to the other processes waits for all of them (fetching sockets, a session call):
 * a session call is a send, which the network may answer slowly.
 */
export const CLUSTER_REQUEST_TIMEOUT_MS = 30_000;
const SESSION_CALL = "conversa:session-call";

/** The Socket.IO adapter that spreads emits, room changes and socket queries over every process through Redis. */
export function clusterAdapter(redis: Redis): ReturnType<typeof createAdapter> {
  return createAdapter(forgivingPublisher(redis.command), redis.subscriber, { key: `${redis.prefix}:socket.io`, requestsTimeout: CLUSTER_REQUEST_TIMEOUT_MS });
}

/** `promise`, or a rejection once `ms` have passed (what it settles to later is dropped). */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the other server processes did not all answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Session calls between processes over the Socket.IO cluster: every other process is asked, the one
 * that runs the session acts and answers, the others answer that they do not run it.
 */
export function clusterSessionCalls(io: Server, channels: ChannelManager): RemoteSessions {
  io.on(SESSION_CALL, (raw: unknown, reply: unknown) => {
    if (typeof reply !== "function") return;
    const call = ZSessionCall.safeParse(raw);
    if (!call.success) {
      reply({ handled: false } satisfies SessionAnswer);
      return;
    }
    void channels.answerCall(call.data).then((answer) => reply(answer));
  });
  return {
    async call(call, timeoutMs) {
      const asked: Promise<unknown[]> = io.serverSideEmitWithAck(SESSION_CALL, call);
      const answers = timeoutMs === undefined ? await asked : await withinMs(asked, timeoutMs);
      for (const raw of answers) {
        const answer = ZSessionAnswer.safeParse(raw);
        if (answer.success && answer.data.handled) return answer.data;
      }
      return { handled: false };
    },
  };
}
