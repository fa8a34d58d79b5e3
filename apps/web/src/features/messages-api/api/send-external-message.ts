import { useMutation } from "@tanstack/react-query";
import { currentLanguage } from "../../../lib/i18n.ts";

/** The path of the external message API, at the origin root. */
export const EXTERNAL_SEND_PATH = "/api/messages/send";

export interface ExternalSendInput {
  /** The connection's API token (not the user's session). */
  token: string;
  number: string;
  body: string;
  /** Files of a media send; absent or empty: a text send. */
  files?: File[];
}

/** What the API answered, shown as is: its status and its JSON (or text) body. */
export interface ExternalSendAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls `POST /api/messages/send` with the given connection token, exactly as an outside system would.
 * It does not go through the app's API client: the token is not the session's, and a 401 here says the
 * token is wrong, not that the user's session ended. Any answer resolves (the page shows it); only a
 * network failure rejects.
 */
export async function sendExternalMessage(input: ExternalSendInput): Promise<ExternalSendAnswer> {
  const headers = new Headers({ Accept: "application/json", Authorization: `Bearer ${input.token}`, "Accept-Language": currentLanguage() });
  let body: BodyInit;
  if (input.files && input.files.length > 0) {
    const form = new FormData();
    form.set("number", input.number);
    form.set("body", input.body);
    for (const file of input.files) form.append("medias", file, file.name);
    body = form;
  } else {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify({ number: input.number, body: input.body });
  }
  const response = await fetch(EXTERNAL_SEND_PATH, { method: "POST", headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: shown as text.
  }
  return { status: response.status, body: parsed };
}

export function useSendExternalMessage() {
  return useMutation({ mutationFn: sendExternalMessage });
}
