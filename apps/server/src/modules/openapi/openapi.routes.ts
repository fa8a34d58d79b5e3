import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { buildOpenApiDocument } from "./openapi.document.ts";

/**
 * GET /api/openapi.json: the OpenAPI document of the server's routes. Public on purpose: it describes the
 * shape of the API, the same for every installation of this version, and holds nothing of any company;
 * integrators who hold only a connection token (no user session) need it. Built once, on first request,
 * when every route is registered.
 */
export function openApiRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    let document: Record<string, unknown> | undefined;
    app.get(
      "/api/openapi.json",
      { config: { docs: { summary: "This OpenAPI document" } }, schema: { response: { 200: z.record(z.string(), z.unknown()) } } },
      async (_request, reply) => {
        document ??= buildOpenApiDocument(app.routeTable);
        reply.header("Cache-Control", "public, max-age=300");
        return document;
      },
    );
  };
}
