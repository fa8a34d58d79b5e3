import type { RequestContext } from "../../lib/context.ts";

/**
 * Whether the actor may read and write a chat (its messages, its read mark, its live events): its
 * members only. An admin who is not a member is no exception (spec admin §2: messages are private).
 */
export function canUseChat(ctx: Pick<RequestContext, "userId">, memberIds: readonly number[]): boolean {
  return memberIds.includes(ctx.userId);
}

/** Whether the actor may change a chat's title and members or delete it: its owner only (spec admin §6). */
export function canManageChat(ctx: Pick<RequestContext, "userId">, chat: { ownerId: number | null }): boolean {
  return chat.ownerId !== null && chat.ownerId === ctx.userId;
}

/** A chat's members after a save: the users named, each once, and the owner, who is always one. */
export function chatMemberIds(ownerId: number, userIds: readonly number[]): number[] {
  return [...new Set([ownerId, ...userIds])];
}
