import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { APP_VERSION, ZVersionResponse } from "@conversa/shared";
import type { Db } from "../../db/client.ts";

const ZHealth = z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["ok", "down"]) });

/** What the system routes use of the platform: the database, which /health checks. */
export interface SystemRoutesDeps {
  db: Db;
}

export function systemRoutes(deps: SystemRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/version", { schema: { response: { 200: ZVersionResponse } } }, () => ({ version: APP_VERSION }));

    app.get("/health", { schema: { response: { 200: ZHealth, 503: ZHealth } } }, async (_request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        return { status: "ok" as const, database: "ok" as const };
      } catch {
        return reply.status(503).send({ status: "degraded", database: "down" });
      }
    });
  };
}
