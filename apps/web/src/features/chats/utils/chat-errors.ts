/**
 * Chat failures are swallowed silently (spec admin §8): no toast, only a line in the browser's console
 * for whoever investigates. Validation texts of the chat dialog are the exception, shown in the form.
 */
export function logChatError(error: unknown): void {
  console.error("[chats]", error);
}
