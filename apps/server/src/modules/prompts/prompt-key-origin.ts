import { and, eq } from "drizzle-orm";
import type { PromptBody, PromptKeyField } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { prompts } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { originOf } from "../../lib/url-origin.ts";

/** The installation's addresses a prompt without one of its own calls (BotRuntime). */
export interface InstallationOrigins {
  /** OPENAI_BASE_URL: the chat-completions server of prompts without a `baseUrl`. */
  openAiBaseUrl: string;
  /** SPEECH_BASE_URL: when set, every voice goes there whatever the prompt's region. */
  speechBaseUrl: string | undefined;
}

/** What of a stored prompt decides where its keys travel. */
export interface StoredPromptKeys {
  baseUrl: string | null;
  voiceRegion: string;
  hasApiKey: boolean;
  hasVoiceKey: boolean;
}

/** A key field that keeps the stored key: left out, empty, or its masked form (`••••1234`). */
export function keepsStoredKey(value: string | null | undefined): boolean {
  return value === undefined || value === "" || (value !== null && value.startsWith("••••"));
}

/** Where the prompt's API key goes: its own `baseUrl`, or the installation's OPENAI_BASE_URL. */
function modelOrigin(baseUrl: string | null | undefined, installation: InstallationOrigins): string {
  return originOf(baseUrl || installation.openAiBaseUrl);
}

/** Where the voice key goes: SPEECH_BASE_URL when set, else the region's Azure host (as bots/speech.ts builds it). */
function speechOrigin(region: string, installation: InstallationOrigins): string {
  return originOf(installation.speechBaseUrl ?? `https://${encodeURIComponent(region)}.tts.speech.microsoft.com`);
}

/**
 * The stored keys an update would carry to another origin: a key is named when one is stored, the body
 * keeps it (left out, empty or masked) and the effective origin of its calls changes (the model server's
 * scheme, host and port, a custom `baseUrl` replaced by the installation's or back; the speech host of
 * another region). A new key or `null` (removing it) names nothing.
 */
export function keyOriginChange(current: StoredPromptKeys, body: Pick<PromptBody, "baseUrl" | "apiKey" | "voiceKey" | "voiceRegion">, installation: InstallationOrigins): PromptKeyField[] {
  const moved: PromptKeyField[] = [];
  if (current.hasApiKey && keepsStoredKey(body.apiKey) && modelOrigin(current.baseUrl, installation) !== modelOrigin(body.baseUrl, installation)) moved.push("apiKey");
  if (current.hasVoiceKey && keepsStoredKey(body.voiceKey) && speechOrigin(current.voiceRegion, installation) !== speechOrigin(body.voiceRegion, installation)) moved.push("voiceKey");
  return moved;
}

/**
 * Refuses an update that would send a stored key to an address other than the one it was saved for
 * (keyOriginChange): the key is asked again, never silently kept nor dropped. Throws ERR_PROMPT_KEY_REQUIRED.
 */
export async function assertKeysStayWithTheirOrigin(db: Db, companyId: number, id: number, body: PromptBody, installation: InstallationOrigins): Promise<void> {
  const [row] = await db
    .select({ baseUrl: prompts.baseUrl, voiceRegion: prompts.voiceRegion, apiKeySealed: prompts.apiKeySealed, voiceKeySealed: prompts.voiceKeySealed })
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  if (!row) return;
  const moved = keyOriginChange({ baseUrl: row.baseUrl, voiceRegion: row.voiceRegion, hasApiKey: row.apiKeySealed !== null, hasVoiceKey: row.voiceKeySealed !== null }, body, installation);
  if (moved.length === 0) return;
  const details = moved.map((field) => ({ in: "body" as const, path: `/${field}` as const, message: "type the key again for the new address, or send null to remove it" }));
  throw new AppError("ERR_PROMPT_KEY_REQUIRED", details, "The address changed: the stored key is not sent to another address");
}
