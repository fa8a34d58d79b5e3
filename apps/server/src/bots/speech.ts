import type { Egress } from "../lib/egress.ts";
import { botFetch } from "./runtime.ts";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/**
 * Synthesises a reply with the speech service's REST API (Azure: `{region}.tts.speech.microsoft.com`),
 * as an Ogg/Opus voice note. `egress`: the installation's for SPEECH_BASE_URL, the company's for the host its
 * region names. Throws BotFailure.
 */
export async function synthesize(
  egress: Egress,
  input: { baseUrl: string | undefined; region: string; key: string; voice: string; text: string; timeoutMs: number },
): Promise<Buffer> {
  const base = input.baseUrl ?? `https://${encodeURIComponent(input.region)}.tts.speech.microsoft.com`;
  const ssml = `<speak version="1.0" xml:lang="pt-BR"><voice name="${escapeXml(input.voice)}">${escapeXml(input.text)}</voice></speak>`;
  const { bytes } = await botFetch(egress, `${base}/cognitiveservices/v1`, {
    headers: {
      "ocp-apim-subscription-key": input.key,
      "content-type": "application/ssml+xml",
      "x-microsoft-outputformat": "ogg-24khz-16bit-mono-opus",
      "user-agent": "conversa",
    },
    body: ssml,
    timeoutMs: input.timeoutMs,
  });
  return bytes;
}
