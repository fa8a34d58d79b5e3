import { z } from "zod";
import { ApiError } from "../../../lib/api-client.ts";

const ZQueuedDetails = z.object({ queued: z.literal(true), messageIds: z.array(z.number()) });

/**
 * Whether a failed send was queued all the same (ERR_WAPP_NOT_INITIALIZED with `queued`): the
 * connection is down, the message is stored and goes out when it is back.
 */
export function wasQueued(error: unknown): boolean {
  return error instanceof ApiError && error.code === "ERR_WAPP_NOT_INITIALIZED" && ZQueuedDetails.safeParse(error.details).success;
}

/** Whether a draft has something to send: text that is not blank, or files. */
export function hasContent(text: string, fileCount: number): boolean {
  return text.trim() !== "" || fileCount > 0;
}
