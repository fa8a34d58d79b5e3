import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast, toastError } from "../../../lib/toast.ts";
import { useTicketAccess } from "../api/get-ticket.ts";

/**
 * Checks that the user may open the ticket at /tickets/{uuid} (spec core §5 "Ticket access"): a
 * ticket outside their queues shows 'Acesso não permitido' and goes back to /tickets, as does one
 * that does not exist.
 */
export function useTicketAccessGuard(uuid: string | undefined): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { error } = useTicketAccess(uuid);

  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.code === "ERR_NO_PERMISSION") showToast(t("tickets.accessDenied"), "error");
    else toastError(error);
    void navigate("/tickets", { replace: true });
  }, [error, navigate, t]);
}
