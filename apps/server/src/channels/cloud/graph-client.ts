/** A small client for Meta's Graph API as WhatsApp Cloud API connections use it: bearer token, JSON, bounded reads, timeouts, typed errors. */

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    readonly subcode: number | undefined,
    readonly title: string,
    readonly details: string | undefined,
  ) {
    super(`Graph API ${status}${code === undefined ? "" : ` code ${code}`}: ${title}`);
    this.name = "GraphError";
  }

  /** The token is expired or invalid: the connection cannot work until it is replaced. */
  get isAuth(): boolean {
    return this.code === 190 || this.status === 401;
  }

  /** A rate limit: the same call may succeed later. */
  get isRateLimit(): boolean {
    return this.status === 429 || (this.code !== undefined && [4, 80007, 130429, 131048, 131056].includes(this.code));
  }

  /**
   * The Graph API certainly did not take the request: it answered (an error), or could not be reached at all
   * (refused connection, unknown host). A timeout or a connection lost midway may have reached it.
   */
  get notReceived(): boolean {
    return this.status > 0 || this.title === UNREACHABLE;
  }

  /** A network failure or a server error: worth retrying. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500 || this.isRateLimit;
  }
}

export interface GraphClientOptions {
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
  /** The most bytes one answer may have. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const UNREACHABLE = "unreachable";
/** Failures of the connection itself, before any byte of the request could reach the server. */
const NOT_CONNECTED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
}
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

async function readBounded(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limit) throw new GraphError(response.status, undefined, undefined, "answer too large", undefined);
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new GraphError(response.status, undefined, undefined, "answer too large", undefined);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function toGraphError(status: number, body: unknown): GraphError {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (error && typeof error === "object") {
    const code = typeof error.code === "number" ? error.code : undefined;
    const subcode = typeof error.error_subcode === "number" ? error.error_subcode : undefined;
    const title = typeof error.error_user_title === "string" ? error.error_user_title : typeof error.message === "string" ? error.message : `HTTP ${status}`;
    const data = error.error_data as { details?: unknown } | undefined;
    const details = typeof data?.details === "string" ? data.details : typeof error.error_user_msg === "string" ? error.error_user_msg : undefined;
    return new GraphError(status, code, subcode, title, details);
  }
  return new GraphError(status, undefined, undefined, `HTTP ${status}`, undefined);
}

export class GraphClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: GraphClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.fetchImpl = options.fetch ?? fetch;
  }

  private async call(method: string, url: string, body?: string | FormData, contentType?: string, maxBytes = this.maxResponseBytes): Promise<{ response: Response; bytes: Uint8Array }> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.accessToken}` };
    if (contentType) headers["content-type"] = contentType;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs), redirect: "error" });
    } catch (error) {
      const code = causeCode(error);
      const reason = error instanceof Error && error.name === "TimeoutError" ? "timeout" : code && NOT_CONNECTED_CODES.has(code) ? UNREACHABLE : "network error";
      throw new GraphError(0, undefined, undefined, reason, undefined);
    }
    const bytes = await readBounded(response, maxBytes);
    return { response, bytes };
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { response, bytes } = await this.call(method, `${this.baseUrl}/${path.replace(/^\/+/, "")}`, body === undefined ? undefined : JSON.stringify(body), body === undefined ? undefined : "application/json");
    let parsed: unknown = null;
    try {
      parsed = bytes.byteLength ? JSON.parse(new TextDecoder().decode(bytes)) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) throw toGraphError(response.status, parsed);
    return parsed as T;
  }

  get<T>(path: string): Promise<T> {
    return this.json<T>("GET", path);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.json<T>("POST", path, body);
  }

  /** `GET /{phoneNumberId}`: checks the token and the number. */
  phoneNumber(phoneNumberId: string): Promise<{ id: string; display_phone_number?: string; verified_name?: string }> {
    return this.get(encodeURIComponent(phoneNumberId));
  }

  /** `POST /{phoneNumberId}/messages`. */
  sendMessage(phoneNumberId: string, message: Record<string, unknown>): Promise<{ messaging_product: string; contacts?: { input: string; wa_id: string }[]; messages: { id: string }[] }> {
    return this.post(`${encodeURIComponent(phoneNumberId)}/messages`, { messaging_product: "whatsapp", ...message });
  }

  /** `POST /{phoneNumberId}/media` (multipart): the media's id to send by. */
  async uploadMedia(phoneNumberId: string, data: Uint8Array, mimeType: string, fileName: string): Promise<{ id: string }> {
    const form = new FormData();
    form.set("messaging_product", "whatsapp");
    form.set("type", mimeType);
    form.set("file", new Blob([new Uint8Array(data)], { type: mimeType }), fileName);
    const { response, bytes } = await this.call("POST", `${this.baseUrl}/${encodeURIComponent(phoneNumberId)}/media`, form);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      parsed = null;
    }
    if (!response.ok) throw toGraphError(response.status, parsed);
    return parsed as { id: string };
  }

  /** `GET /{mediaId}`: where to download an inbound media. */
  mediaInfo(mediaId: string): Promise<{ url: string; mime_type: string; sha256?: string; file_size?: number; id: string }> {
    return this.get(encodeURIComponent(mediaId));
  }

  /** Downloads a media's bytes from the URL `mediaInfo` gave, with the bearer token, at most `maxBytes`. */
  async downloadMedia(url: string, maxBytes: number): Promise<{ data: Uint8Array; mimeType: string | undefined }> {
    const { response, bytes } = await this.call("GET", url, undefined, undefined, maxBytes);
    if (!response.ok) throw new GraphError(response.status, undefined, undefined, `HTTP ${response.status}`, undefined);
    return { data: bytes, mimeType: response.headers.get("content-type") ?? undefined };
  }

  /** `GET /{wabaId}/message_templates`. */
  templates(businessAccountId: string, after?: string): Promise<{ data: { name: string; language: string; category: string; status: string; components: { type: string; text?: string; format?: string }[] }[]; paging?: { cursors?: { before?: string; after?: string }; next?: string } }> {
    const query = after ? `?after=${encodeURIComponent(after)}` : "";
    return this.get(`${encodeURIComponent(businessAccountId)}/message_templates${query}`);
  }

  /** Marks an inbound message read (`status: "read"`). */
  markRead(phoneNumberId: string, messageId: string): Promise<{ success: boolean }> {
    return this.post(`${encodeURIComponent(phoneNumberId)}/messages`, { messaging_product: "whatsapp", status: "read", message_id: messageId });
  }
}
