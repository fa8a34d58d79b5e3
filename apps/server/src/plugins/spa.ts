import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** A browser navigation: the Accept header ranks text/html before JSON. */
export function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? "";
  const html = accept.indexOf("text/html");
  if (html === -1) return false;
  const json = accept.indexOf("application/json");
  return json === -1 || html < json;
}

function listFiles(root: string, dir = ""): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    return statSync(path.join(root, rel)).isDirectory() ? listFiles(root, rel) : [`/${rel}`];
  });
}

/**
 * Serves the built web app from the same origin as the API: its files by name, and index.html for
 * any browser navigation that matches no file (client-side routes like /tickets share paths with the API).
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    // Added to what is already there (CORS answers vary by Origin).
    const current = reply.getHeader("vary");
    const values = (Array.isArray(current) ? current.join(",") : String(current ?? "")).split(",").map((value) => value.trim()).filter((value) => value !== "");
    if (!values.some((value) => value.toLowerCase() === "accept" || value === "*")) values.push("Accept");
    reply.header("Vary", values.join(", "));
  });
  if (!webDist || !existsSync(path.join(webDist, "index.html"))) {
    app.log.warn({ webDist }, "web app not built: only the API is served");
    return;
  }
  const files = new Set(listFiles(webDist));
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, serveDotFiles: false });
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const pathname = request.url.split("?")[0] ?? "/";
    // Paths under /api/ are the API's alone (the OpenAPI document opens in a browser tab as JSON).
    if (files.has(pathname) || !prefersHtml(request) || pathname.startsWith("/api/")) return;
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html");
  });
}
