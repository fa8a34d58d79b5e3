/** A fake of Meta's Graph API for WhatsApp Cloud API tests: a real HTTP server on 127.0.0.1 that records requests and answers with the documented shapes. */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body when it was JSON, the multipart fields (files as `{ name, type, size }`) when multipart, else the raw text. */
  body: unknown;
}

export interface FakeGraphFailure {
  status: number;
  error: { code: number; error_subcode?: number; message: string; type?: string; error_data?: { details?: string } };
}

export interface FakeTemplate {
  name: string;
  language: string;
  category: string;
  status: string;
  components: { type: string; text?: string; format?: string }[];
}

export interface FakeGraph {
  url: string;
  requests: RecordedRequest[];
  /** The token the fake accepts (others answer 401 with code 190). */
  accessToken: string;
  /** Phone numbers the fake knows: id → display number. */
  phoneNumbers: Map<string, { display: string; verifiedName: string }>;
  templates: FakeTemplate[];
  /** How many templates one page of `message_templates` holds when the request names no `limit` (Meta's default, 25). */
  templatesPageSize: number;
  /** Media the fake serves: id → bytes and type. */
  media: Map<string, { data: Buffer; mimeType: string }>;
  /** The next request on `path` (e.g. "/123/messages") answers this error instead. */
  failNext(path: string, failure: FakeGraphFailure): void;
  close(): Promise<void>;
}

/** The `X-Hub-Signature-256` header Meta sends for `body`. */
export function signWebhook(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(request: IncomingMessage, raw: Buffer): Promise<unknown> {
  const type = request.headers["content-type"] ?? "";
  if (type.startsWith("application/json")) {
    try {
      return JSON.parse(raw.toString("utf8"));
    } catch {
      return raw.toString("utf8");
    }
  }
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      fields[key] = typeof value === "string" ? value : { name: value.name, type: value.type, size: value.size };
    }
    return fields;
  }
  return raw.length ? raw.toString("utf8") : undefined;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export interface FakeGraphOptions {
  accessToken?: string;
  phoneNumberId?: string;
  displayPhoneNumber?: string;
  /** The port to listen on (a free one when omitted). */
  port?: number;
  /** Answer `GET /__requests` with the requests recorded so far, without a token (the browser tests' fake reads it). */
  inspectable?: boolean;
}

export async function startFakeGraph(options: FakeGraphOptions = {}): Promise<FakeGraph> {
  const failures = new Map<string, FakeGraphFailure[]>();
  let sequence = 0;
  const fake: FakeGraph = {
    url: "",
    requests: [],
    accessToken: options.accessToken ?? "fake-token",
    phoneNumbers: new Map([[options.phoneNumberId ?? "1000000001", { display: options.displayPhoneNumber ?? "+55 11 99999-0000", verifiedName: "Conversa Test" }]]),
    templates: [{ name: "boas_vindas", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Olá {{1}}" }] }],
    templatesPageSize: 25,
    media: new Map(),
    failNext(path, failure) {
      const queue = failures.get(path) ?? [];
      queue.push(failure);
      failures.set(path, queue);
    },
    close: async () => {},
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const path = url.pathname;
      if (options.inspectable && path === "/__requests" && request.method === "GET") return send(response, 200, fake.requests);
      fake.requests.push({ method: request.method ?? "GET", path, headers: request.headers, body: await parseBody(request, raw) });

      const failure = failures.get(path)?.shift();
      if (failure) return send(response, failure.status, { error: { type: "OAuthException", fbtrace_id: "fake", ...failure.error } });

      // The media's download URL (answered by GET /{mediaId}) needs the token too, like Meta's lookaside URLs.
      if (request.headers.authorization !== `Bearer ${fake.accessToken}`) {
        return send(response, 401, { error: { message: "Error validating access token: The session has expired", type: "OAuthException", code: 190, error_subcode: 463, fbtrace_id: "fake" } });
      }
      const parts = path.split("/").filter(Boolean).map(decodeURIComponent);

      if (parts[0] === "download" && parts.length === 2 && request.method === "GET") {
        const media = fake.media.get(parts[1]!);
        if (!media) return send(response, 404, { error: { message: "not found", code: 100, type: "GraphMethodException" } });
        response.writeHead(200, { "content-type": media.mimeType, "content-length": String(media.data.length) });
        return response.end(media.data);
      }
      if (parts.length === 1 && request.method === "GET") {
        const number = fake.phoneNumbers.get(parts[0]!);
        if (number) return send(response, 200, { display_phone_number: number.display, verified_name: number.verifiedName, id: parts[0] });
        const media = fake.media.get(parts[0]!);
        if (media) {
          return send(response, 200, {
            messaging_product: "whatsapp",
            url: `${fake.url}/download/${encodeURIComponent(parts[0]!)}`,
            mime_type: media.mimeType,
            sha256: createHash("sha256").update(media.data).digest("hex"),
            file_size: media.data.length,
            id: parts[0],
          });
        }
        return send(response, 404, { error: { message: `Unsupported get request. Object with ID '${parts[0]}' does not exist`, type: "GraphMethodException", code: 100, error_subcode: 33 } });
      }
      if (parts.length === 2 && parts[1] === "messages" && request.method === "POST") {
        if (!fake.phoneNumbers.has(parts[0]!)) return send(response, 400, { error: { message: "Invalid parameter", code: 100, type: "OAuthException" } });
        const body = fake.requests.at(-1)!.body as { to?: string; status?: string };
        if (body?.status === "read") return send(response, 200, { success: true });
        sequence += 1;
        const to = body?.to ?? "";
        return send(response, 200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to.replace(/\D/g, "") }], messages: [{ id: `wamid.FAKE${sequence}${randomBytes(6).toString("hex")}` }] });
      }
      if (parts.length === 2 && parts[1] === "media" && request.method === "POST") {
        sequence += 1;
        return send(response, 200, { id: `media-${sequence}` });
      }
      if (parts.length === 2 && parts[1] === "message_templates" && request.method === "GET") {
        // Cursor paging as Meta documents it: `cursors.after` always, `next` only while more pages follow.
        const size = Math.max(1, Number(url.searchParams.get("limit")) || fake.templatesPageSize);
        const start = url.searchParams.has("after") ? Number(Buffer.from(url.searchParams.get("after")!, "base64url").toString("utf8")) || 0 : 0;
        const data = fake.templates.slice(start, start + size);
        const cursor = (index: number) => Buffer.from(String(index), "utf8").toString("base64url");
        const after = cursor(start + data.length);
        const more = start + data.length < fake.templates.length;
        return send(response, 200, {
          data,
          paging: { cursors: { before: cursor(start), after }, ...(more ? { next: `${fake.url}${path}?limit=${size}&after=${after}` } : {}) },
        });
      }
      return send(response, 400, { error: { message: "Unknown path components", code: 2500, type: "OAuthException" } });
    })().catch(() => {
      if (!response.headersSent) send(response, 500, { error: { message: "fake failure", code: 1, type: "OAuthException" } });
    });
  });

  // An idle connection stays open for the whole test: with Node's 5 s default, a send that reuses one just as
  // the server drops it fails with ECONNRESET, which the driver rightly treats as a send Meta may have taken.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return fake;
}
