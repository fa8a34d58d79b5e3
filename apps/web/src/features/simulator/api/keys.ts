/** Query keys of the simulator page: every key starts with "simulator". */
export const simulatorKeys = {
  all: ["simulator"] as const,
  connections: () => ["simulator", "connections"] as const,
  chats: (connectionId: number) => ["simulator", connectionId, "chats"] as const,
  messages: (connectionId: number, chatNumber: string) => ["simulator", connectionId, "chats", chatNumber, "messages"] as const,
  media: (path: string) => ["simulator", "media", path] as const,
};
