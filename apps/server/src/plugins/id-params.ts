import type { FastifyInstance } from "fastify";
import { ZIdText } from "@conversa/shared";
import { z } from "zod";

/** The router's constraint on a record id segment: digits only. */
const DIGITS = "(^\\d+$)";

/** The names of a params schema's entries that are record ids (`ZIdText`). */
function idParamNames(params: unknown): string[] {
  if (!(params instanceof z.ZodObject)) return [];
  const shape: Record<string, unknown> = params.shape;
  return Object.entries(shape).flatMap(([name, schema]) => (schema === ZIdText ? [name] : []));
}

/**
 * Constrains every record id in a route's path to digits, in the router itself: `/users/list` or
 * `/companies/anything` is never taken for `/users/:id` or `/companies/:id`, and a path no route
 * declares answers 404 ERR_NOT_FOUND rather than a validation error about an id. A route declares an
 * id parameter with `ZIdText` in its params schema; the route table keeps the declared path.
 * Call before any route (after `recordRoutes`).
 */
export function constrainIdParams(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const names = idParamNames(route.schema?.params);
    if (names.length === 0) return;
    route.url = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)(?=\/|$)/g, (segment, name: string) => (names.includes(name) ? `${segment}${DIGITS}` : segment));
  });
}
