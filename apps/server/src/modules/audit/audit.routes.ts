import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAuditLogPage, ZAuditLogQuery } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { ctxOf } from "../../lib/context.ts";
import { mailLanguageOf } from "../../mail/language.ts";
import { auditLogCsv } from "./audit.csv.ts";
import { auditLogBatches, listAuditLogs } from "./audit.service.ts";

/** GET /audit-logs (one page) and GET /audit-logs/export (CSV of every entry the filters select). */
export function auditRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };
    app.get("/audit-logs", { ...auth, schema: { querystring: ZAuditLogQuery, response: { 200: ZAuditLogPage } } }, (request) =>
      listAuditLogs(deps, ctxOf(request), request.query),
    );
    app.get("/audit-logs/export", { ...auth, schema: { querystring: ZAuditLogQuery.omit({ pageNumber: true }) } }, async (request, reply) => {
      const ctx = ctxOf(request);
      const batches = auditLogBatches(deps, ctx, request.query);
      // The first batch is read before answering, so that a refused request answers its error code, not a broken file.
      const first = await batches.next();
      const lines = auditLogCsv(first, batches, mailLanguageOf(request.headers["accept-language"]), ctx.isSuper);
      reply.header("Content-Type", "text/csv; charset=utf-8");
      reply.header("Content-Disposition", 'attachment; filename="audit-log.csv"');
      reply.header("Cache-Control", "no-store");
      return reply.send(Readable.from(lines));
    });
  };
}
