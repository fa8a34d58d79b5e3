import { CHAT_TITLE_MAX, type Chat, type ChatBody } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** A user the dialog offers as a member. */
export interface ChatMemberOption {
  id: number;
  name: string;
}

/** What the chat dialog edits: the title and the members besides the owner. */
export interface ChatFormValues {
  title: string;
  users: ChatMemberOption[];
}

/**
 * The rules of the shared ZChatBody with the dialog's messages (spec admin §5: 'Por favor, preencha o
 * título da conversa.' and 'Por favor, selecione pelo menos um usuário.').
 */
export function buildChatFormSchema(t: TFunction) {
  return z.object({
    title: z.string().trim().min(1, t("chats.validation.title")).max(CHAT_TITLE_MAX, t("chats.validation.titleTooLong", { max: CHAT_TITLE_MAX })),
    users: z.array(z.object({ id: z.number(), name: z.string() })).min(1, t("chats.validation.users")),
  });
}

/** A new chat's fields, or a stored one's: its members other than its owner. */
export function chatFormValues(chat: Chat | null): ChatFormValues {
  if (!chat) return { title: "", users: [] };
  return { title: chat.title, users: chat.users.filter((member) => member.userId !== chat.ownerId).map((member) => ({ id: member.userId, name: member.user.name })) };
}

/** The body sent to the API. */
export function toChatBody(values: ChatFormValues): ChatBody {
  return { title: values.title.trim(), users: values.users.map((user) => user.id) };
}
