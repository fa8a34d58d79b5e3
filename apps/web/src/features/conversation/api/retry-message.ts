import { useMutation } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";

/** POST /messages/{id}/retry: sends a failed message again (its status arrives live). */
export function retryMessage(id: number): Promise<void> {
  return apiSend(`/messages/${id}/retry`, { method: "POST" });
}

export function useRetryMessage() {
  return useMutation({ mutationFn: retryMessage });
}
