import { and, asc, eq, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type QuickMessage, ZQuickMessage } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { quickMessages } from "../../db/schema/index.ts";
import { type RequestContext, ctxOf } from "../../lib/context.ts";

/** Quick replies the actor may use: the company's shared ones and their own, active only, by shortcode. */
export async function listUsableQuickMessages(db: Db, ctx: RequestContext): Promise<QuickMessage[]> {
  const rows = await db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.companyId, ctx.companyId), eq(quickMessages.status, true), or(eq(quickMessages.geral, true), eq(quickMessages.userId, ctx.userId))))
    .orderBy(asc(quickMessages.shortcode));
  return rows.map((r) => ({ id: r.id, shortcode: r.shortcode, message: r.message, geral: r.geral, status: r.status, isMedia: r.isMedia, mediaPath: r.mediaPath, mediaName: r.mediaName, userId: r.userId }));
}

export function quickMessagesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // companyId and userId are accepted for the web app's sake and ignored: the session decides.
    app.get(
      "/quick-messages/list",
      { onRequest: app.authenticate, schema: { querystring: z.object({ companyId: z.coerce.number().optional(), userId: z.coerce.number().optional() }), response: { 200: z.array(ZQuickMessage) } } },
      (request) => listUsableQuickMessages(deps.db, ctxOf(request)),
    );
  };
}
