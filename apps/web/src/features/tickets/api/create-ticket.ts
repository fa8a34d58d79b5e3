import { type CreateTicketBody, type Ticket, ZOtherOpenTicketDetails, ZTicket } from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiRequest } from "../../../lib/api-client.ts";
import { useApplyTicketUpdate } from "../hooks/use-tickets-live-updates.ts";

export type OtherOpenTicket = z.infer<typeof ZOtherOpenTicketDetails>;

/** POST /tickets; 409 ERR_OTHER_OPEN_TICKET (details: who handles the contact) when one is active. */
export function createTicket(body: CreateTicketBody): Promise<Ticket> {
  return apiRequest("/tickets", ZTicket, { method: "POST", body });
}

/** Who handles the contact's active ticket, when `error` is ERR_OTHER_OPEN_TICKET; else null. */
export function otherOpenTicketOf(error: unknown): OtherOpenTicket | null {
  if (!(error instanceof ApiError) || error.code !== "ERR_OTHER_OPEN_TICKET") return null;
  const details = ZOtherOpenTicketDetails.safeParse(error.details);
  return details.success ? details.data : { userId: null, userName: null, queueName: null };
}

/** Opens a ticket for a contact; the lists show it at once. The dialog reports failures. */
export function useCreateTicket() {
  const applyUpdate = useApplyTicketUpdate();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => applyUpdate(ticket),
    meta: { silentError: true },
  });
}
