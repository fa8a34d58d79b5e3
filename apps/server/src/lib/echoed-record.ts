import type { FastifyInstance } from "fastify";
import { ZId } from "@conversa/shared";
import { z } from "zod";
import { AppError } from "./app-error.ts";

/** The read-only keys each echo-tolerant body schema accepts and drops. */
const echoedKeysBySchema = new WeakMap<object, readonly string[]>();

/**
 * The body of a `PUT` whose spec lists only "… fields" (spec core §7, admin §7): the previous
 * generation's clients send back the record as its GET answered it. Accepts `body`'s fields, plus every
 * other field of `record` (the GET's answer) checked against its type there, and drops the latter before
 * the route sees the body: they are never applied. `id` must be the path's (checked by
 * `refuseForeignEchoedIds`); a key neither schema has stays refused ("Unrecognized key").
 */
export function echoedRecordBody<Body extends z.ZodObject, Record extends z.ZodObject>(body: Body, record: Record) {
  const writable = new Set(Object.keys(body.shape));
  const echoed = Object.keys(record.shape).filter((key) => !writable.has(key));
  const readOnlyShape: { [key: string]: z.ZodType } = {};
  for (const key of echoed) readOnlyShape[key] = key === "id" ? ZId.optional() : z.optional(record.shape[key]!);
  const schema = z.strictObject({ ...readOnlyShape, ...body.shape }).transform((value): z.output<Body> => {
    const kept: { [key: string]: unknown } = { ...value };
    for (const key of echoed) delete kept[key];
    // Exactly `body`'s output: the same fields, parsed by the same schemas.
    return kept as z.output<Body>;
  });
  echoedKeysBySchema.set(schema, echoed);
  return schema;
}

/** The read-only keys a route's body schema accepts and ignores (none for a schema not made by `echoedRecordBody`). */
export function echoedKeysOf(schema: unknown): readonly string[] {
  return typeof schema === "object" && schema !== null ? (echoedKeysBySchema.get(schema) ?? []) : [];
}

const ZEchoedId = z.object({ id: z.number() }).loose();
const ZPathId = z.object({ id: z.string() }).loose();

/**
 * Refuses, with 400 ERR_VALIDATION, a record sent back to another record's path: the body's `id` of an
 * echo-tolerant route must be its path's `:id`.
 */
export function refuseForeignEchoedIds(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (echoedKeysOf(request.routeOptions.schema?.body).length === 0) return;
    const echoed = ZEchoedId.safeParse(request.body);
    const path = ZPathId.safeParse(request.params);
    if (!echoed.success || !path.success) return;
    if (echoed.data.id !== Number(path.data.id)) {
      throw new AppError("ERR_VALIDATION", [{ in: "body", path: ["id"], message: "The body's id is not the path's" }], "The body's id is not the path's");
    }
  });
}
