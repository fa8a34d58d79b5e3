import { mayViewTicket, type SessionUser, type Ticket, TIMINGS, type UpdateTicketBody, ZOtherOpenTicketDetails } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast, toastError } from "../../../lib/toast.ts";
import { useDeleteTicket } from "../api/delete-ticket.ts";
import { conversationKeys } from "../api/query-keys.ts";
import { useUpdateTicket } from "../api/update-ticket.ts";
import { staysSelectedAfterAction, statusChangeBody, type TicketAction } from "../utils/ticket-actions.ts";

export type RunningAction = TicketAction | "delete" | null;

/** Whether the user may still see the ticket after a change (the server's visibility rule). */
function staysVisibleTo(ticket: Ticket, user: SessionUser | null): boolean {
  if (!user) return true;
  return mayViewTicket({ profile: user.profile, userId: user.id, allTicket: user.allTicket, queueIds: user.queues.map((queue) => queue.id) }, ticket);
}

/** Every cached read of one ticket's conversation: the ticket, its messages, notes, distribution log. */
function isTicketQuery(ticket: Ticket) {
  return ({ queryKey }: { queryKey: readonly unknown[] }) =>
    queryKey[0] === conversationKeys.all[0] && (queryKey[2] === ticket.id || queryKey[2] === ticket.uuid);
}

/**
 * The header's ticket actions: each one PUTs the ticket, then the ticket stays selected only while it
 * is open, otherwise the app goes back to /tickets (spec core §4). A reopen refused because the
 * contact has another active ticket says who holds it; an accept that lost to another attendant says
 * who took the ticket and goes back to /tickets. A transfer names where the ticket went; when the
 * user may no longer see it, the conversation is left and its cached reads dropped, so that nothing
 * asks the server for it again.
 */
export function useTicketActions(ticket: Ticket, user: SessionUser | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const [running, setRunning] = useState<RunningAction>(null);

  const reportFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === "ERR_OTHER_OPEN_TICKET") {
      const details = ZOtherOpenTicketDetails.safeParse(error.details);
      if (details.success) {
        // Only an attendant who accepted the ticket is said to attend it; a reservation is named as such.
        const queue = details.data.queueName ?? t("conversation.header.noQueue");
        const text = details.data.userName
          ? t("conversation.otherOpenTicket", { user: details.data.userName, queue })
          : details.data.reservedForName
            ? t("conversation.otherReservedTicket", { user: details.data.reservedForName, queue })
            : t("conversation.otherPendingTicket", { queue });
        showToast(text, "error", TIMINGS.errorToastMs * 2);
        return;
      }
    }
    toastError(error);
  };

  const leave = async () => {
    const matches = isTicketQuery(ticket);
    await queryClient.cancelQueries({ predicate: matches });
    await navigate("/tickets", { replace: true });
    // A read still watched by the panel (not unmounted yet) would be fetched again if removed under it: those stay
    // cached, unwatched, until the cache lets them go.
    queryClient.removeQueries({ predicate: (query) => matches(query) && query.getObserversCount() === 0 });
  };

  const apply = async (action: TicketAction, body: UpdateTicketBody, onRefused?: (error: unknown) => void): Promise<boolean> => {
    setRunning(action);
    try {
      const updated = await update.mutateAsync({ id: ticket.id, body });
      if (action === "transfer") {
        const destination = updated.user ? `${updated.user.name} (${updated.queue?.name ?? t("conversation.header.noQueue")})` : (updated.queue?.name ?? t("conversation.header.noQueue"));
        showToast(t("conversation.transfer.done", { destination }), "success");
        if (!staysVisibleTo(updated, user)) {
          await leave();
          return true;
        }
      }
      if (!staysSelectedAfterAction(updated.status)) void navigate("/tickets");
      return true;
    } catch (error) {
      reportFailure(error);
      onRefused?.(error);
      // Another attendant accepted it first: the toast names them, and the ticket is theirs to answer.
      if (error instanceof ApiError && error.code === "ERR_TICKET_ALREADY_ACCEPTED") void navigate("/tickets");
      return false;
    } finally {
      setRunning(null);
    }
  };

  return {
    running,
    /** Accept, return, resolve or reopen. */
    changeStatus: (action: Exclude<TicketAction, "transfer">) => apply(action, statusChangeBody(action)),
    /** Transfer to a queue, optionally to a user and a connection; resolves whether it worked (a refusal is also given to onRefused). */
    transfer: (body: { queueId: number; userId?: number | null; whatsappId?: number | null }, onRefused?: (error: unknown) => void) => apply("transfer", body, onRefused),
    /** Deletes the ticket and goes back to /tickets. */
    deleteTicket: async () => {
      setRunning("delete");
      try {
        await remove.mutateAsync(ticket.id);
        queryClient.removeQueries({ queryKey: conversationKeys.ticket(ticket.uuid) });
        void navigate("/tickets");
      } catch {
        // The query client's error toast told the user.
      } finally {
        setRunning(null);
      }
    },
  };
}
