import { createHmac, createSign, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Egress } from "../lib/egress.ts";
import { BotFailure, botFetch, botFetchJson } from "./runtime.ts";

/** A message an integration sends to the customer. */
export type BotReply = { kind: "text"; text: string } | { kind: "image"; url: string };

export interface IntegrationTurn {
  replies: BotReply[];
  /** Hand the ticket over to people after the replies. */
  handover: boolean;
  /** Typebot's session, kept on the ticket between messages. */
  session?: { sessionId: string } | null;
}

/** The message event a webhook or n8n endpoint receives. */
export interface MessageEvent {
  event: "message";
  companyId: number;
  ticketId: number;
  queueId: number | null;
  contact: { id: number; name: string; number: string };
  message: { id: number; body: string; mediaType: string; fromMe: false; timestamp: string };
}

export const SIGNATURE_HEADER = "x-conversa-signature";
export const TIMESTAMP_HEADER = "x-conversa-timestamp";

/** A new signing secret (shown once). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

/** `sha256={hex}` of HMAC-SHA256(secret, `{timestamp}.{body}`): what a receiver recomputes to trust the call. */
export function signatureOf(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

const ZWebhookAnswer = z.union([
  z.object({
    reply: z.string().optional(),
    text: z.string().optional(),
    message: z.string().optional(),
    replies: z.array(z.string()).optional(),
    handover: z.boolean().optional(),
    action: z.string().optional(),
  }).refine((answer) => ["reply", "text", "message", "replies", "handover", "action"].some((key) => key in answer)),
  z.array(z.object({ reply: z.string().optional(), text: z.string().optional(), output: z.string().optional() })),
]);

/**
 * POSTs the message event to a webhook or n8n endpoint, signed; any text it answers goes back to the
 * customer. JSON answers: `{reply | text | message, replies[], handover | action:"handover"}` or n8n's
 * `[{output | text | reply}]`; a text/plain answer is sent as it is; an empty answer sends nothing.
 */
export async function callWebhook(input: { egress: Egress; url: string; secret: string; event: MessageEvent; timeoutMs: number; now: Date }): Promise<IntegrationTurn> {
  const body = JSON.stringify(input.event);
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  const { bytes, contentType } = await botFetch(input.egress, input.url, {
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signatureOf(input.secret, timestamp, body), "user-agent": "conversa-webhook" },
    body,
    timeoutMs: input.timeoutMs,
  });
  const text = bytes.toString("utf8").trim();
  if (!text) return { replies: [], handover: false };
  if (!contentType.includes("json")) return { replies: [{ kind: "text", text: text.slice(0, 4096) }], handover: false };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BotFailure("webhook answer is not JSON");
  }
  const parsed = ZWebhookAnswer.safeParse(json);
  if (!parsed.success) throw new BotFailure("webhook answer has no reply, text, message or replies");
  const texts = Array.isArray(parsed.data)
    ? parsed.data.map((item) => item.output ?? item.text ?? item.reply ?? "")
    : [parsed.data.reply ?? parsed.data.text ?? parsed.data.message ?? "", ...(parsed.data.replies ?? [])];
  const handover = !Array.isArray(parsed.data) && (parsed.data.handover === true || parsed.data.action === "handover");
  return { replies: texts.filter((t) => t.trim()).map((t) => ({ kind: "text", text: t.slice(0, 4096) })), handover };
}

// ---------------------------------------------------------------------------------------------------
// Typebot

const ZRichText: z.ZodType<unknown> = z.lazy(() => z.union([z.object({ text: z.string() }).passthrough(), z.object({ children: z.array(ZRichText) }).passthrough()]));
const ZTypebotMessage = z
  .object({
    type: z.string(),
    content: z
      .object({
        richText: z.array(ZRichText).optional(),
        markdown: z.string().optional(),
        plainText: z.string().optional(),
        url: z.string().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
const ZTypebotAnswer = z.object({
  sessionId: z.string().optional(),
  messages: z.array(ZTypebotMessage).default([]),
  input: z
    .object({ type: z.string(), items: z.array(z.object({ content: z.string().optional() }).passthrough()).optional() })
    .passthrough()
    .nullable()
    .optional(),
});

function plainOf(nodes: unknown[]): string {
  return nodes
    .map((node) => {
      const n = node as { text?: string; children?: unknown[]; type?: string };
      if (typeof n.text === "string") return n.text;
      const inner = plainOf(n.children ?? []);
      return n.type === "p" || n.type === "variable" ? inner : inner;
    })
    .join("");
}

function richTextOf(nodes: unknown[]): string {
  // Each top-level node is a paragraph.
  return nodes.map((node) => plainOf([node])).join("\n");
}

/** Typebot's answer as messages: text bubbles, images, and a choice input as a numbered list. */
export function typebotReplies(answer: z.infer<typeof ZTypebotAnswer>): BotReply[] {
  const replies: BotReply[] = [];
  for (const message of answer.messages) {
    if (message.type === "text") {
      const text = message.content?.markdown ?? message.content?.plainText ?? richTextOf(message.content?.richText ?? []);
      if (text.trim()) replies.push({ kind: "text", text: text.trim() });
    } else if (message.type === "image" && message.content?.url) {
      replies.push({ kind: "image", url: message.content.url });
    } else if (message.content?.url) {
      replies.push({ kind: "text", text: message.content.url });
    }
  }
  const items = answer.input?.type === "choice input" ? (answer.input.items ?? []) : [];
  if (items.length) replies.push({ kind: "text", text: items.map((item, i) => `*[ ${i + 1} ]* - ${item.content ?? ""}`).join("\n") });
  return replies;
}

export interface TypebotSettings {
  /** The company's egress: the Typebot URL is the company's. */
  egress: Egress;
  url: string;
  slug: string;
  timeoutMs: number;
}

async function typebotCall(egress: Egress, url: string, body: unknown, timeoutMs: number): Promise<z.infer<typeof ZTypebotAnswer>> {
  const answer = await botFetchJson(egress, url, { headers: { "content-type": "application/json" }, body: JSON.stringify(body), timeoutMs });
  const parsed = ZTypebotAnswer.safeParse(answer);
  if (!parsed.success) throw new BotFailure("typebot answer is malformed");
  return parsed.data;
}

/** Starts a Typebot chat (`POST {url}/api/v1/typebots/{slug}/startChat`). The flow ends (hand-over) when it asks for no input. */
export async function typebotStart(settings: TypebotSettings, message: string | undefined): Promise<IntegrationTurn> {
  const base = settings.url.replace(/\/+$/, "");
  const answer = await typebotCall(
    settings.egress,
    `${base}/api/v1/typebots/${encodeURIComponent(settings.slug)}/startChat`,
    { isStreamEnabled: false, ...(message ? { message: { type: "text", text: message } } : {}) },
    settings.timeoutMs,
  );
  if (!answer.sessionId) throw new BotFailure("typebot started no session");
  return { replies: typebotReplies(answer), handover: !answer.input, session: answer.input ? { sessionId: answer.sessionId } : null };
}

/** Continues a chat (`POST {url}/api/v1/sessions/{id}/continueChat`). */
export async function typebotContinue(settings: TypebotSettings, sessionId: string, message: string): Promise<IntegrationTurn & { understood: boolean }> {
  const base = settings.url.replace(/\/+$/, "");
  const answer = await typebotCall(settings.egress, `${base}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message: { type: "text", text: message } }, settings.timeoutMs);
  const replies = typebotReplies(answer);
  return { replies, handover: !answer.input, session: answer.input ? { sessionId } : null, understood: replies.length > 0 || !answer.input };
}

// ---------------------------------------------------------------------------------------------------
// Dialogflow

const ZServiceAccount = z.object({ client_email: z.string().min(3), private_key: z.string().min(20), project_id: z.string().optional() });
export type ServiceAccount = z.infer<typeof ZServiceAccount>;

/** Reads a service-account JSON; undefined when it is not one. */
export function parseServiceAccount(json: string): ServiceAccount | undefined {
  try {
    const parsed = ZServiceAccount.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** A signed RS256 assertion for Google's token endpoint (JWT bearer grant). */
export function serviceAccountAssertion(account: ServiceAccount, tokenUrl: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = b64url(JSON.stringify({ iss: account.client_email, scope: "https://www.googleapis.com/auth/cloud-platform", aud: tokenUrl, iat, exp: iat + 3600 }));
  let signature: Buffer;
  try {
    signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(account.private_key);
  } catch {
    throw new BotFailure("service account private key is not a usable RSA key");
  }
  return `${header}.${claims}.${b64url(signature)}`;
}

const ZToken = z.object({ access_token: z.string().min(1) });
const ZDetectIntent = z.object({
  queryResult: z
    .object({
      fulfillmentText: z.string().optional(),
      fulfillmentMessages: z.array(z.object({ text: z.object({ text: z.array(z.string()) }).optional() }).passthrough()).optional(),
      diagnosticInfo: z.record(z.string(), z.unknown()).optional(),
      intent: z.object({ endInteraction: z.boolean().optional() }).passthrough().optional(),
    })
    .passthrough(),
});

/**
 * One detect-intent exchange: service-account JWT → OAuth token, then
 * `POST {api}/v2/projects/{project}/agent/sessions/{session}:detectIntent`. Hands over on the end of
 * the conversation (diagnosticInfo.end_conversation or intent.endInteraction).
 */
export async function dialogflowDetect(input: {
  /** The installation's egress: the Dialogflow endpoints are the provider's. */
  egress: Egress;
  apiUrl: string;
  tokenUrl: string;
  account: ServiceAccount;
  projectName: string;
  language: string;
  sessionId: string;
  text: string;
  timeoutMs: number;
  now: Date;
}): Promise<IntegrationTurn> {
  const assertion = serviceAccountAssertion(input.account, input.tokenUrl, input.now);
  const tokenAnswer = await botFetchJson(input.egress, input.tokenUrl, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
    timeoutMs: input.timeoutMs,
  });
  const token = ZToken.safeParse(tokenAnswer);
  if (!token.success) throw new BotFailure("token endpoint gave no access token");
  const url = `${input.apiUrl}/v2/projects/${encodeURIComponent(input.projectName)}/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`;
  const answer = await botFetchJson(input.egress, url, {
    headers: { "content-type": "application/json", authorization: `Bearer ${token.data.access_token}` },
    body: JSON.stringify({ queryInput: { text: { text: input.text.slice(0, 256), languageCode: input.language } } }),
    timeoutMs: input.timeoutMs,
  });
  const parsed = ZDetectIntent.safeParse(answer);
  if (!parsed.success) throw new BotFailure("dialogflow answer has no queryResult");
  const result = parsed.data.queryResult;
  const texts = result.fulfillmentMessages?.flatMap((m) => m.text?.text ?? []).filter((t) => t.trim()) ?? [];
  const replies: BotReply[] = (texts.length ? texts : [result.fulfillmentText ?? ""]).filter((t) => t.trim()).map((text) => ({ kind: "text", text }));
  const handover = result.diagnosticInfo?.end_conversation === true || result.intent?.endInteraction === true;
  return { replies, handover };
}
