import { type CloudTemplateSend, type Message, ZMessage } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { appendMessages, type MessagePages } from "../utils/message-cache.ts";
import { conversationKeys } from "./query-keys.ts";

const ZMessageList = z.array(ZMessage);

export interface SendMessageInput {
  ticketId: number;
  body: string;
  signMessage: boolean;
  quotedMsgId?: number;
  files?: readonly File[];
  /** One caption per file, in the same order ("" for none). */
  captions?: readonly string[];
  /** A recording from the browser, sent as a voice note. */
  voice?: Blob;
  /** Official line: an approved template with its parameters (the body is then the template's, filled in by the server). */
  template?: CloudTemplateSend;
}

/**
 * POST /messages/{ticketId}: JSON for text, multipart (`medias`, and `captions` as a JSON list, one per
 * file) for files and voice notes.
 * Rejects with ERR_TICKET_NOT_OPEN, ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE, and
 * ERR_WAPP_NOT_INITIALIZED when the connection is down (the message is queued all the same).
 */
export function sendMessage(input: SendMessageInput): Promise<Message[]> {
  const path = `/messages/${input.ticketId}`;
  const files = input.files ?? [];
  if (files.length === 0 && !input.voice) {
    return apiRequest(path, ZMessageList, {
      method: "POST",
      body: {
        body: input.body,
        signMessage: input.signMessage,
        ...(input.quotedMsgId ? { quotedMsg: { id: input.quotedMsgId } } : {}),
        ...(input.template ? { template: input.template } : {}),
      },
    });
  }
  const form = new FormData();
  form.set("body", input.body);
  form.set("signMessage", input.signMessage ? "true" : "false");
  if (input.quotedMsgId) form.set("quotedMsgId", String(input.quotedMsgId));
  if (input.voice) {
    form.set("voice", "true");
    form.append("medias", input.voice, `audio-${Date.now()}.mp3`);
  }
  if (input.captions?.some((caption) => caption !== "")) form.set("captions", JSON.stringify(input.captions));
  for (const file of files) form.append("medias", file, file.name);
  return apiRequest(path, ZMessageList, { method: "POST", body: form });
}

/** Sends a message and shows it at once (clock icon) in the conversation. The caller reports failures. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    meta: { silentError: true },
    onSuccess: (messages, input) => {
      queryClient.setQueryData<MessagePages>(conversationKeys.messages(input.ticketId), (data) => appendMessages(data, messages));
    },
  });
}
