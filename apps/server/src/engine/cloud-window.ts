import { type CloudTemplateSend, type CloudWindow, cloudWindowAt, renderTemplate } from "@conversa/shared";
import { CLOUD_PROVIDER } from "../channels/cloud/cloud-connections.ts";
import { AppError } from "../lib/app-error.ts";

/** What the window of a ticket depends on: its connection's provider and the customer's last message time. */
export interface WindowTicket {
  provider: string | null;
  lastCustomerMessageAt: Date | null;
}

/** The ticket's 24-hour window, or null for connections other than the official line (they have none). */
export function ticketWindow(ticket: WindowTicket, now: Date): CloudWindow | null {
  if (ticket.provider !== CLOUD_PROVIDER) return null;
  return cloudWindowAt(ticket.lastCustomerMessageAt, now);
}

/**
 * Refuses a free-form send outside the window, before anything is queued. Templates pass inside and
 * outside it; connections other than the official line always pass.
 */
export function assertMaySend(ticket: WindowTicket, now: Date, template: CloudTemplateSend | undefined): void {
  if (template) return;
  const window = ticketWindow(ticket, now);
  if (window && !window.open) throw new AppError("ERR_CLOUD_WINDOW_CLOSED", { closesAt: window.closesAt });
}

/** A synced template as validation needs it. */
export interface StoredTemplate {
  status: string;
  body: string;
  parameterCount: number;
}

/**
 * Checks a template send against the synced template (found, APPROVED, the right number of parameters)
 * and answers the rendered text stored as the message body.
 */
export function checkedTemplateBody(stored: StoredTemplate | undefined, send: CloudTemplateSend): string {
  if (!stored) throw new AppError("ERR_CLOUD_TEMPLATE_NOT_FOUND", { name: send.name, language: send.language });
  if (stored.status !== "APPROVED") throw new AppError("ERR_CLOUD_TEMPLATE_NOT_APPROVED", { status: stored.status });
  if (send.parameters.length !== stored.parameterCount) {
    throw new AppError("ERR_CLOUD_TEMPLATE_PARAMETERS", { expected: stored.parameterCount, received: send.parameters.length });
  }
  return renderTemplate(stored.body, send.parameters);
}
