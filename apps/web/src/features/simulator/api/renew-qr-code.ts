import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { simulatorKeys } from "./keys.ts";

/** PUT /whatsappsession/:id: the session starts over with a new QR code (the last one expired unread). */
export function renewQrCode(connectionId: number): Promise<void> {
  return apiSend(`/whatsappsession/${connectionId}`, { method: "PUT" });
}

export function useRenewQrCode(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => renewQrCode(connectionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.connections() }),
  });
}
