import { z } from "zod";

/**
 * The official WhatsApp line (provider `cloud`): the 24-hour customer-service window and the message
 * templates that are the only thing a business may send outside it.
 */

/** How long after the customer's last inbound message a business may still send free-form messages. */
export const CLOUD_WINDOW_MS = 24 * 60 * 60 * 1000;

/** At most this many parameters in one template body (Meta's `{{1}}`…`{{n}}`). */
export const CLOUD_TEMPLATE_MAX_PARAMETERS = 100;

/** A template's state at Meta; only APPROVED ones can be sent. */
export const CLOUD_TEMPLATE_STATUSES = ["APPROVED", "PENDING", "REJECTED", "PAUSED", "DISABLED", "IN_APPEAL", "LIMIT_EXCEEDED"] as const;

/** The window of a cloud ticket as the conversation shows it. `closesAt` is null when the customer never wrote. */
export const ZCloudWindow = z.object({
  provider: z.literal("cloud"),
  closesAt: z.string().nullable(),
  open: z.boolean(),
});
export type CloudWindow = z.infer<typeof ZCloudWindow>;

/** The window at `now` given the customer's last inbound message on the connection. */
export function cloudWindowAt(lastInboundAt: Date | null, now: Date): CloudWindow {
  if (lastInboundAt === null) return { provider: "cloud", closesAt: null, open: false };
  const closes = lastInboundAt.getTime() + CLOUD_WINDOW_MS;
  return { provider: "cloud", closesAt: new Date(closes).toISOString(), open: now.getTime() < closes };
}

/** A synced template of a connection's business account, as `GET /whatsapp/{id}/templates` answers it. */
export const ZCloudTemplate = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  status: z.string(),
  body: z.string(),
  parameterCount: z.number().int().nonnegative(),
  syncedAt: z.string(),
});
export type CloudTemplate = z.infer<typeof ZCloudTemplate>;

/** The template part of `POST /messages/{ticketId}`: the template's name and language, and its parameters in order. */
export const ZCloudTemplateSend = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  parameters: z.array(z.string().max(1024)).max(CLOUD_TEMPLATE_MAX_PARAMETERS).default([]),
});
export type CloudTemplateSend = z.infer<typeof ZCloudTemplateSend>;

const PARAMETER = /\{\{\s*(\d{1,3})\s*\}\}/g;

/** How many parameters a template body takes: the highest `{{n}}` it names (0 when none). */
export function templateParameterCount(body: string): number {
  let highest = 0;
  for (const match of body.matchAll(PARAMETER)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** The body with each `{{n}}` replaced by the n-th parameter (1-based); a missing parameter leaves the placeholder. */
export function renderTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(PARAMETER, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}
