/** Query keys of the simulator page: every key starts with "simulator". */
export const simulatorKeys = {
  all: ["simulator"] as const,
  connections: () => ["simulator", "connections"] as const,
  chats: (connectionId: number) => ["simulator", connectionId, "chats"] as const,
  messages: (connectionId: number, chatNumber: string) => ["simulator", connectionId, "chats", chatNumber, "messages"] as const,
  media: (path: string) => ["simulator", "media", path] as const,
};

/** The simulator page follows the simulated phone by polling (it uses the session, not the socket). */
export const SIMULATOR_POLL_MS = 1000;
