import { FormData } from "undici";
import { z } from "zod";
import type { Egress } from "../lib/egress.ts";
import { BotFailure, botFetch, botFetchJson } from "./runtime.ts";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ModelTarget {
  /** …/v1, without a trailing slash. */
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
  /** The installation's egress for OPENAI_BASE_URL, the company's for a prompt's own baseUrl. */
  egress: Egress;
}

const ZCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

function authHeaders(target: ModelTarget): Record<string, string> {
  return target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {};
}

/**
 * One chat completion (the OpenAI protocol, which hosted services, Ollama and vLLM speak). Throws
 * BotFailure for an error, a timeout, a malformed answer, an empty one or one cut at the token limit.
 */
export async function chatCompletion(target: ModelTarget, input: { model: string; messages: ChatMessage[]; maxTokens: number; temperature: number }): Promise<string> {
  const answer = await botFetchJson(target.egress, `${target.baseUrl}/chat/completions`, {
    headers: { "content-type": "application/json", ...authHeaders(target) },
    body: JSON.stringify({ model: input.model, messages: input.messages, max_tokens: input.maxTokens, temperature: input.temperature }),
    timeoutMs: target.timeoutMs,
  });
  const parsed = ZCompletion.safeParse(answer);
  if (!parsed.success) throw new BotFailure("model answer is not a chat completion");
  const choice = parsed.data.choices[0]!;
  if (choice.finish_reason === "length") throw new BotFailure(`model answer passed the limit of ${input.maxTokens} tokens`);
  const content = choice.message.content?.trim() ?? "";
  if (!content) throw new BotFailure("model answered nothing");
  return content;
}

/** Transcribes a voice message (`/audio/transcriptions`). Throws BotFailure. */
export async function transcribe(target: ModelTarget, audio: { content: Buffer; fileName: string; mime: string }, model = "whisper-1"): Promise<string> {
  const form = new FormData();
  form.set("model", model);
  form.set("file", new Blob([new Uint8Array(audio.content)], { type: audio.mime }), audio.fileName);
  const { bytes, contentType } = await botFetch(target.egress, `${target.baseUrl}/audio/transcriptions`, { headers: authHeaders(target), body: form, timeoutMs: target.timeoutMs });
  const text = bytes.toString("utf8");
  let transcript = text;
  if (contentType.includes("json")) {
    const parsed = z.object({ text: z.string() }).safeParse((() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    })());
    if (!parsed.success) throw new BotFailure("transcription answer is malformed");
    transcript = parsed.data.text;
  }
  if (!transcript.trim()) throw new BotFailure("transcription is empty");
  return transcript.trim();
}
