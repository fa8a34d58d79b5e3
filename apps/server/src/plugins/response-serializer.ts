import type { FastifySerializerCompiler } from "fastify";
import { createSerializerCompiler, ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * The response serializer: what reaches the wire is what the route's zod response schema declares
 * (undeclared fields are left out, so a password hash can never leak), in the schema's key order, as
 * `z.encode` followed by `JSON.stringify` would write it.
 *
 * Each response schema is compiled once into a picker: a plain function that copies the declared
 * fields and checks each value as zod would (type, enum and literal membership, integer,
 * bounds, string lengths, strict objects). It is several times cheaper than running the schema's
 * encode on every answer. The parts a picker does not know (string formats, records, transforms,
 * pipes, catch, lazy…) are handed to `z.safeEncode` of that part alone, so they keep
 * exactly today's output. A value a picker does not accept is serialized by the schema's encode
 * itself: the same answer or the same ResponseSerializationError as before.
 */

/** A compiled part of a schema: its wire value, or MISMATCH when zod's encode must decide. */
type Picker = (value: unknown) => unknown;

const MISMATCH: unique symbol = Symbol("mismatch");

/** How a schema was compiled: `full` when no part of it is handed to zod's encode at run time. */
export interface CompiledSerializer {
  serialize: (data: unknown) => string;
  /** The zod types of the parts handed to `z.safeEncode` (empty when the picker covers the whole schema). */
  encodedParts: string[];
}

type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
};
type CheckDef = { check: string; format?: string; value?: number | bigint; inclusive?: boolean; maximum?: number; minimum?: number };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The checks of a number a picker tests itself; undefined when one is of another kind. */
function numberTest(checks: CheckDef[]): ((n: number) => boolean) | undefined {
  const tests: ((n: number) => boolean)[] = [];
  for (const check of checks) {
    if (check.check === "number_format" && check.format === "safeint") tests.push(Number.isSafeInteger);
    else if ((check.check === "greater_than" || check.check === "less_than") && typeof check.value === "number") {
      const bound = check.value;
      if (check.check === "greater_than") tests.push(check.inclusive ? (n) => n >= bound : (n) => n > bound);
      else tests.push(check.inclusive ? (n) => n <= bound : (n) => n < bound);
    } else return undefined;
  }
  return (n) => Number.isFinite(n) && tests.every((test) => test(n));
}

/** The checks of a plain string (no format) a picker tests itself; undefined when one is of another kind. */
function stringTest(checks: CheckDef[]): ((s: string) => boolean) | undefined {
  let min = 0;
  let max = Infinity;
  for (const check of checks) {
    if (check.check === "max_length" && check.maximum !== undefined) max = Math.min(max, check.maximum);
    else if (check.check === "min_length" && check.minimum !== undefined) min = Math.max(min, check.minimum);
    else return undefined;
  }
  return (s) => s.length >= min && s.length <= max;
}

const leaf =
  (accepts: (value: unknown) => boolean): Picker =>
  (value) =>
    accepts(value) ? value : MISMATCH;

function objectPicker(def: Def, encodedParts: string[]): Picker | undefined {
  const catchall = def.catchall === undefined ? undefined : defOf(def.catchall).type;
  // Loose objects and typed catch-alls write fields the shape does not name: zod's encode decides.
  if (catchall !== undefined && catchall !== "never") return undefined;
  const strict = catchall === "never";
  const fields = Object.entries(def.shape ?? {}).map(([key, schema]) => ({ key, pick: pickerOf(schema, encodedParts) }));
  const declared = new Set(fields.map((field) => field.key));
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return MISMATCH;
    const input = value as Record<string, unknown>;
    if (strict) for (const key in input) if (!declared.has(key)) return MISMATCH;
    const output: Record<string, unknown> = {};
    for (const { key, pick } of fields) {
      const picked = pick(input[key]);
      if (picked === MISMATCH) return MISMATCH;
      if (picked !== undefined) output[key] = picked;
    }
    return output;
  };
}

function arrayPicker(def: Def, encodedParts: string[]): Picker | undefined {
  if (def.checks?.length) return undefined;
  const pick = pickerOf(def.element!, encodedParts);
  return (value) => {
    if (!Array.isArray(value)) return MISMATCH;
    const output = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) {
      const picked = pick(value[i]);
      if (picked === MISMATCH) return MISMATCH;
      output[i] = picked;
    }
    return output;
  };
}

/** zod's union answers its first option that accepts the value. */
function unionPicker(def: Def, encodedParts: string[]): Picker {
  const options = def.options!.map((option) => pickerOf(option, encodedParts));
  return (value) => {
    for (const pick of options) {
      const picked = pick(value);
      if (picked !== MISMATCH) return picked;
    }
    return MISMATCH;
  };
}

/** The picker of the kinds it knows; undefined for the others. */
function knownPicker(schema: z.ZodType, encodedParts: string[]): Picker | undefined {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  switch (def.type) {
    case "object":
      return objectPicker(def, encodedParts);
    case "array":
      return arrayPicker(def, encodedParts);
    case "union":
      return unionPicker(def, encodedParts);
    case "nullable": {
      const inner = pickerOf(def.innerType!, encodedParts);
      return (value) => (value === null ? null : inner(value));
    }
    case "optional": {
      const inner = pickerOf(def.innerType!, encodedParts);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    // The encode direction writes no default: the value goes to the inner type as it is.
    case "default":
    case "readonly":
      return pickerOf(def.innerType!, encodedParts);
    case "string": {
      const test = def.format === undefined ? stringTest(checks) : undefined;
      return test && leaf((value) => typeof value === "string" && test(value));
    }
    case "number": {
      const test = def.format === undefined || def.format === "safeint" ? numberTest(checks) : undefined;
      const safeint = def.format === "safeint";
      return test && leaf((value) => typeof value === "number" && test(value) && (!safeint || Number.isSafeInteger(value)));
    }
    case "boolean":
      return checks.length ? undefined : leaf((value) => typeof value === "boolean");
    case "null":
      return leaf((value) => value === null);
    case "enum": {
      const members = new Set(Object.values(def.entries ?? {}));
      return leaf((value) => members.has(value as string | number));
    }
    case "literal": {
      const members = new Set(def.values);
      return leaf((value) => members.has(value));
    }
    case "unknown":
    case "any":
      return (value) => value;
    default:
      return undefined;
  }
}

function pickerOf(schema: z.ZodType, encodedParts: string[]): Picker {
  const known = knownPicker(schema, encodedParts);
  if (known) return known;
  encodedParts.push(defOf(schema).type);
  return (value) => {
    const result = z.safeEncode(schema, value);
    return result.success ? result.data : MISMATCH;
  };
}

/** Compiles a response schema into its serializer (see the top of this file). */
export function compileResponseSerializer(schema: z.ZodType, method: string, url: string): CompiledSerializer {
  const encodedParts: string[] = [];
  const pick = pickerOf(schema, encodedParts);
  return {
    encodedParts,
    serialize(data) {
      const picked = pick(data);
      if (picked !== MISMATCH) return JSON.stringify(picked);
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    },
  };
}

/** The encode-then-stringify serializer this one replaces; tests compare the two on every answer. */
export const encodingSerializerCompiler = createSerializerCompiler({});

/**
 * Fastify's serializer compiler for zod response schemas. With `compareWithEncode` (tests), every
 * answer is also serialized by the schema's encode and a difference throws, so the whole route suite
 * checks that the picker writes exactly what the encode did.
 */
export function responseSerializerCompiler(options: { compareWithEncode?: boolean } = {}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const encoding = encodingSerializerCompiler(route as Parameters<typeof encodingSerializerCompiler>[0]) as (data: unknown) => string;
    // A schema given as `{ properties }` (none in this app) keeps the encode.
    if (!(route.schema instanceof z.ZodType)) return encoding;
    const { serialize } = compileResponseSerializer(route.schema, route.method, route.url);
    if (!options.compareWithEncode) return serialize;
    return (data) => {
      const written = serialize(data);
      const encoded = encoding(data);
      if (written !== encoded) throw new Error(`response serializer of ${route.method} ${route.url} differs from the schema's encode:\n${written}\n${encoded}`);
      return written;
    };
  };
}
