import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type UserListItem, ZProfile, ZUserListItem } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { queues, userQueues, users } from "../../db/schema/index.ts";
import { type RequestContext, ctxOf } from "../../lib/context.ts";

/** Every user of the company for pickers (transfer, filters): name, profile, online, queues. */
export async function listCompanyUsers(db: Db, ctx: RequestContext): Promise<UserListItem[]> {
  const rows = await db.select({ id: users.id, name: users.name, profile: users.profile, online: users.online }).from(users).where(eq(users.companyId, ctx.companyId)).orderBy(asc(users.name));
  const links = rows.length
    ? await db
        .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
        .from(userQueues)
        .innerJoin(queues, eq(queues.id, userQueues.queueId))
        .where(and(eq(userQueues.companyId, ctx.companyId), inArray(userQueues.userId, rows.map((r) => r.id))))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    profile: ZProfile.catch("user").parse(r.profile),
    online: r.online,
    queues: links.filter((l) => l.userId === r.id).map(({ id, name, color }) => ({ id, name, color })),
  }));
}

export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/users/list",
      { onRequest: app.authenticate, schema: { querystring: z.object({ companyId: z.coerce.number().optional() }), response: { 200: z.array(ZUserListItem) } } },
      (request) => listCompanyUsers(deps.db, ctxOf(request)),
    );
  };
}
