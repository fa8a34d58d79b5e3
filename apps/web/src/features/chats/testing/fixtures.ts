import type { Chat, ChatMessage } from "@conversa/shared";

/** A chat of the user 7 (owner) with the user 8, with overridable fields and unread counts by user. */
export function chatOf(id: number, overrides: Partial<Chat> = {}, unreads: Record<number, number> = {}): Chat {
  const members = [
    { id: 7, name: "Ana Souza" },
    { id: 8, name: "Bruno Lima" },
  ];
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    title: `Conversa ${id}`,
    ownerId: 7,
    lastMessage: "",
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: `2026-03-01T10:${String(id).padStart(2, "0")}:00.000Z`,
    users: members.map((user) => ({ userId: user.id, unreads: unreads[user.id] ?? 0, user })),
    ...overrides,
  };
}

export function messageOf(id: number, chatId: number, senderId: number, text: string): ChatMessage {
  const names: Record<number, string> = { 7: "Ana Souza", 8: "Bruno Lima" };
  return { id, chatId, senderId, sender: { id: senderId, name: names[senderId] ?? "Outro" }, message: text, createdAt: "2026-03-01T12:00:00.000Z" };
}
