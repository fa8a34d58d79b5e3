import { z } from "zod";
import type { RouteEntry } from "../plugins/route-table.ts";

/** The kinds of company record an id in a request can point at. */
export const RECORD_KINDS = [
  "company",
  "user",
  "connection",
  "queue",
  "queueOption",
  "contact",
  "extraInfo",
  "ticket",
  "ticketUuid",
  "message",
  "note",
  "tag",
  "quickMessage",
  "schedule",
  "mediaFile",
  "simulatorMessage",
  "chat",
  "invoice",
  "charge",
  "prompt",
  "integration",
  "store",
  "rule",
  "contactList",
  "contactListItem",
  "campaign",
  "fileList",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** One company's value for each kind of id. */
export type TenantIds = Record<RecordKind, number | string>;

/** The answer code of a record of each kind that is missing or another company's. */
export const NOT_FOUND_CODE: Record<RecordKind, string> = {
  company: "ERR_NO_COMPANY_FOUND",
  user: "ERR_NO_USER_FOUND",
  connection: "ERR_NO_WAPP_FOUND",
  queue: "ERR_NO_QUEUE_FOUND",
  queueOption: "ERR_NO_QUEUE_OPTION_FOUND",
  contact: "ERR_NO_CONTACT_FOUND",
  extraInfo: "ERR_NO_CONTACT_FOUND",
  ticket: "ERR_NO_TICKET_FOUND",
  ticketUuid: "ERR_NO_TICKET_FOUND",
  message: "ERR_NO_MESSAGE_FOUND",
  note: "ERR_NO_NOTE_FOUND",
  tag: "ERR_NO_TAG_FOUND",
  quickMessage: "ERR_NO_QUICK_MESSAGE_FOUND",
  schedule: "ERR_NO_SCHEDULE_FOUND",
  mediaFile: "ERR_NOT_FOUND",
  simulatorMessage: "ERR_NOT_FOUND",
  chat: "ERR_NO_CHAT_FOUND",
  invoice: "ERR_NO_INVOICE_FOUND",
  charge: "ERR_NO_CHARGE_FOUND",
  prompt: "ERR_NO_PROMPT_FOUND",
  integration: "ERR_NO_INTEGRATION_FOUND",
  store: "ERR_NO_STORE_FOUND",
  rule: "ERR_NO_RULE_FOUND",
  contactList: "ERR_NO_CONTACT_LIST_FOUND",
  contactListItem: "ERR_NO_CONTACT_LIST_ITEM_FOUND",
  campaign: "ERR_NO_CAMPAIGN_FOUND",
  fileList: "ERR_NO_FILE_LIST_FOUND",
};

/** The record a `:id` names, by the first segment of the path. A new resource is added here once. */
const KIND_OF_SEGMENT: Record<string, RecordKind> = {
  companies: "company",
  users: "user",
  whatsapp: "connection",
  whatsappsession: "connection",
  queue: "queue",
  "queue-options": "queueOption",
  contacts: "contact",
  tickets: "ticket",
  messages: "message",
  "ticket-notes": "note",
  tags: "tag",
  "quick-messages": "quickMessage",
  schedules: "schedule",
  simulator: "connection",
  chats: "chat",
  billing: "invoice",
  prompt: "prompt",
  queueIntegration: "integration",
  stores: "store",
  "contact-lists": "contactList",
  "contact-list-items": "contactListItem",
  campaigns: "campaign",
  files: "fileList",
};

/** Resources of the installation, owned by no company (super users manage them): their `:id` is no company record. */
const INSTALLATION_SEGMENTS = new Set(["plans", "helps", "announcements", "installation-settings"]);

/** Path parameters named after what they hold. */
const KIND_OF_PARAM: Record<string, RecordKind> = {
  ticketId: "ticket",
  companyId: "company",
  uuid: "ticketUuid",
  fileName: "mediaFile",
  messageId: "message",
  tagId: "tag",
  txid: "charge",
  ruleId: "rule",
  whatsappId: "connection",
};

/** Path parameters whose record depends on the resource (the first segment of the path). */
const KIND_OF_PARAM_UNDER: Record<string, Record<string, RecordKind>> = {
  simulator: { messageId: "simulatorMessage" },
};

/** Query and body fields that carry ids, by name; `id` inside an object takes its kind from the object's field. */
const KIND_OF_FIELD: Record<string, RecordKind> = {
  companyId: "company",
  userId: "user",
  users: "user",
  assignedUserId: "user",
  whatsappId: "connection",
  queueId: "queue",
  queueIds: "queue",
  transferQueueId: "queue",
  fromQueueId: "queue",
  toQueueId: "queue",
  parentId: "queueOption",
  contactId: "contact",
  ticketId: "ticket",
  tagId: "tag",
  tags: "tag",
  quotedMsg: "message",
  quotedMsgId: "message",
  extraInfo: "extraInfo",
  invoiceId: "invoice",
  promptId: "prompt",
  integrationId: "integration",
  storeId: "store",
  ruleId: "rule",
  userIds: "user",
  orderedUserIds: "user",
  defaultOrderedUserIds: "user",
  contactListId: "contactList",
  tagListId: "tag",
  fileListId: "fileList",
};

/**
 * Id fields the server does not read, each with why: a foreign id there addresses nothing, so the
 * request may succeed as long as it changes none of the other company's rows.
 */
export const UNREAD_ID_FIELDS: Record<string, string> = {
  extraInfo: "a contact's extra info is replaced as a whole on every save; the ids sent are not read",
};

/**
 * Fields of one route whose names are id names elsewhere but hold no id there: the checkout's `users`
 * is the chosen plan's number of users (spec admin §7), not user ids.
 */
const NOT_ID_FIELDS_OF_ROUTE: Record<string, Set<string>> = {
  "POST /subscription": new Set(["users"]),
};

/** Fields that name an id of something the product does not store yet: no record can be addressed through them. */
const UNSTORED_ID_FIELDS = new Set<string>();

export type Where = "params" | "querystring" | "body";
export interface IdPlace {
  where: Where;
  path: (string | number)[];
  kind: RecordKind;
}

export interface BuiltRequest {
  method: string;
  url: string;
  query: Record<string, string>;
  body?: unknown;
  /** A multipart upload of one PNG in the field `file` (routes that read their body by hand). */
  multipart: boolean;
}

type Json = Record<string, unknown>;
const ZJson = z.record(z.string(), z.unknown());

/** The input JSON Schema of a route's zod schema, or undefined when it has none. */
export function jsonSchemaOf(schema: unknown): Json | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return ZJson.parse(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
}

function asJson(value: unknown): Json {
  return ZJson.safeParse(value).data ?? {};
}

/** The first option of a union that is not null. */
function resolve(schema: Json): Json {
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) {
    const picked = options.map(asJson).find((option) => option.type !== "null");
    return picked ? resolve(picked) : {};
  }
  return schema;
}

function propertiesOf(schema: Json): Record<string, Json> {
  const props = asJson(schema.properties);
  return Object.fromEntries(Object.entries(props).map(([key, value]) => [key, asJson(value)]));
}

function requiredOf(schema: Json): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === "string") : [];
}

/** Every place of a query or body schema where a stored record's id can go. */
export function idPlacesOf(where: Where, schema: Json | undefined): IdPlace[] {
  if (!schema) return [];
  const places: IdPlace[] = [];
  const walk = (node: Json, path: (string | number)[], parentKind: RecordKind | undefined) => {
    const s = resolve(node);
    if (s.type === "array") return walk(asJson(s.items), [...path, 0], parentKind);
    if (s.type !== "object") return;
    for (const [key, child] of Object.entries(propertiesOf(s))) {
      if (UNSTORED_ID_FIELDS.has(key)) continue;
      const kind = key === "id" ? parentKind : KIND_OF_FIELD[key];
      const inner = resolve(child);
      const isContainer = inner.type === "object" || (inner.type === "array" && resolve(asJson(inner.items)).type === "object");
      if (isContainer) walk(child, [...path, key], kind);
      else if (kind) places.push({ where, path: [...path, key], kind });
    }
  };
  walk(schema, [], undefined);
  return places;
}

/** The kind of record each path parameter of a route names, or undefined for one that is no record id. */
export function paramKind(url: string, param: string): RecordKind | undefined {
  const segment = url.split("/")[1] ?? "";
  const underSegment = KIND_OF_PARAM_UNDER[segment]?.[param];
  if (underSegment) return underSegment;
  if (KIND_OF_PARAM[param]) return KIND_OF_PARAM[param];
  if (param !== "id" || INSTALLATION_SEGMENTS.has(segment)) return undefined;
  const kind = KIND_OF_SEGMENT[segment];
  if (!kind) throw new Error(`No record kind for ${url}: add the first segment "${segment}" to KIND_OF_SEGMENT`);
  return kind;
}

export function pathParamsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

let unique = 0;
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const LATER_FIELDS = new Set(["end", "finalDate", "dateEnd", "date_to"]);
const EARLIER_FIELDS = new Set(["start", "initialDate", "dateStart", "date_from"]);

function sampleString(schema: Json, name: string): string {
  unique += 1;
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (typeof schema.const === "string") return schema.const;
  if (schema.format === "email") return `probe-${unique}@example.com`;
  if (schema.format === "date-time") {
    const offset = LATER_FIELDS.has(name) ? 30 : EARLIER_FIELDS.has(name) ? -1 : 2;
    return new Date(Date.now() + offset * DAY).toISOString();
  }
  const color = `#${(0x100000 + ((unique * 7919) % 0xeffff)).toString(16)}`;
  const digits = `5511${String(90_000_000 + unique)}`;
  if (typeof schema.pattern === "string") {
    const pattern = new RegExp(schema.pattern);
    // The last candidate fits an 11-character video code (help videos).
    const fitting = [day(0), color, digits, `p${String(unique).padStart(10, "0")}`].find((candidate) => pattern.test(candidate));
    if (fitting) return fitting;
  }
  if (name === "color") return color;
  if (name === "number") return digits;
  // The password rule (ZPassword): an uppercase letter, a lowercase letter and a digit.
  if (name === "password" || name === "newPassword") return `Probe-${unique}-Senha`;
  const min = typeof schema.minLength === "number" ? schema.minLength : 1;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : 40;
  return `probe ${unique} text`.padEnd(min, "x").slice(0, Math.max(min, Math.min(max, 20)));
}

function sampleNumber(schema: Json): number {
  const min = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : 1;
  return Math.max(min, 1);
}

function idValue(schema: Json, id: number | string): unknown {
  const s = resolve(schema);
  if (s.type === "array") return [idValue(asJson(s.items), id)];
  if (s.type === "object") return { id };
  if (s.type === "string") return typeof id === "number" && s.maxLength !== undefined && Number(s.maxLength) > 100 ? JSON.stringify([id]) : String(id);
  return id;
}

const samePath = (a: (string | number)[], b: (string | number)[]) => a.length === b.length && a.every((part, i) => part === b[i]);
const isPrefix = (prefix: (string | number)[], of: (string | number)[]) => prefix.length <= of.length && prefix.every((part, i) => part === of[i]);

/**
 * A valid value for a schema: required fields filled, id fields given `own` ids, and the one `target`
 * place (with the fields leading to it) given the `foreign` id.
 */
function fill(schema: Json, name: string, path: (string | number)[], parentKind: RecordKind | undefined, target: IdPlace | undefined, own: TenantIds, foreign: TenantIds): unknown {
  const s = resolve(schema);
  const kind = UNSTORED_ID_FIELDS.has(name) ? undefined : name === "id" ? parentKind : KIND_OF_FIELD[name];
  const isTarget = target !== undefined && samePath(path, target.path);
  if (kind && s.type !== "object" && !(s.type === "array" && resolve(asJson(s.items)).type === "object")) {
    return idValue(s, (isTarget ? foreign : own)[kind]);
  }
  if (s.default !== undefined && !(target && isPrefix(path, target.path))) return s.default;
  switch (s.type) {
    case "object": {
      const result: Json = {};
      const required = new Set(requiredOf(s));
      for (const [key, child] of Object.entries(propertiesOf(s))) {
        const childPath = [...path, key];
        const isIdField = !UNSTORED_ID_FIELDS.has(key) && KIND_OF_FIELD[key] !== undefined && resolve(child).type !== "object";
        const isIdList = isIdField && resolve(child).type === "array" && resolve(asJson(resolve(child).items)).type === "object";
        // Optional id fields get the caller's own ids too, so that the foreign one is read in context (a transfer needs its queue).
        if (!required.has(key) && !(isIdField && !isIdList) && !(target && isPrefix(childPath, target.path))) continue;
        result[key] = fill(child, key, childPath, key === "id" ? kind : (KIND_OF_FIELD[key] ?? kind), target, own, foreign);
      }
      return result;
    }
    case "array": {
      const wanted = (target && isPrefix([...path, 0], target.path)) || (typeof s.minItems === "number" && s.minItems > 0);
      return wanted ? [fill(asJson(s.items), name, [...path, 0], kind, target, own, foreign)] : [];
    }
    case "string":
      return sampleString(s, name);
    case "number":
    case "integer":
      return sampleNumber(s);
    case "boolean":
      return false;
    default:
      if (Array.isArray(s.enum)) return s.enum[0];
      if (s.const !== undefined) return s.const;
      return sampleString(s, name);
  }
}

/** What a query value becomes on the wire. */
function toQuery(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(asJson(value)).map(([key, v]) => [key, typeof v === "string" ? v : JSON.stringify(v)]));
}

/**
 * Bodies the schemas' samples cannot make valid, by route: a simulated customer's text message needs its text,
 * which the schema leaves optional (media kinds go without). For callers that need the body to pass validation.
 */
export const VALID_BODIES: Record<string, object> = {
  "POST /simulator/connections/:id/messages": { from: "5511900009999", body: "probe" },
  "POST /simulator/connections/:id/messages/batch": { messages: [{ from: "5511900009999", body: "probe" }] },
};

/**
 * Builds a request for a route: path parameters, query and body valid for its schemas, every id the
 * `own` company's, except the `target` place, which gets the `foreign` company's id.
 */
export function buildRequest(route: RouteEntry, own: TenantIds, foreign: TenantIds, target?: IdPlace, ownParams: Partial<TenantIds> = {}): BuiltRequest {
  let url = route.url;
  const paramsSchema = jsonSchemaOf(route.params);
  for (const param of pathParamsOf(route.url)) {
    const kind = paramKind(route.url, param);
    const isTarget = target?.where === "params" && target.path[0] === param;
    const value = kind
      ? (isTarget ? foreign : { ...own, ...ownParams })[kind]
      : fill(propertiesOf(paramsSchema ?? {})[param] ?? { type: "string" }, param, [], undefined, undefined, own, foreign);
    url = url.replace(`:${param}`, encodeURIComponent(String(value)));
  }
  const querySchema = jsonSchemaOf(route.querystring);
  const bodySchema = jsonSchemaOf(route.body);
  const query = querySchema ? toQuery(fill(querySchema, "", [], undefined, target?.where === "querystring" ? target : undefined, own, foreign)) : {};
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  const readsBodyByHand = hasBody && !bodySchema;
  const multipart = readsBodyByHand && /upload$/.test(route.url);
  const body = bodySchema
    ? fill(bodySchema, "", [], undefined, target?.where === "body" ? target : undefined, own, foreign)
    : readsBodyByHand && !multipart
      ? { body: `probe ${++unique}` }
      : undefined;
  return { method: route.method, url, query, body, multipart };
}

/** Every place of a route where an id can go: its path parameters, then id fields of its query and body. */
export function idPlacesOfRoute(route: RouteEntry): IdPlace[] {
  const params: IdPlace[] = pathParamsOf(route.url).flatMap((param) => {
    const kind = paramKind(route.url, param);
    return kind ? [{ where: "params" as const, path: [param], kind }] : [];
  });
  const notIds = NOT_ID_FIELDS_OF_ROUTE[`${route.method} ${route.url}`];
  const fields = [...idPlacesOf("querystring", jsonSchemaOf(route.querystring)), ...idPlacesOf("body", jsonSchemaOf(route.body))];
  return [...params, ...fields.filter((place) => !(notIds && typeof place.path[0] === "string" && notIds.has(place.path[0])))];
}
