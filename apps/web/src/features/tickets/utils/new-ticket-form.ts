import type { TFunction } from "i18next";
import { z } from "zod";

/** What the new-ticket dialog edits; selects hold "" while nothing is chosen. */
export interface NewTicketFormValues {
  contactId: number | null;
  queueId: number | "";
  whatsappId: number | "";
}

const ZSelected = z.union([z.number(), z.literal("")]);

/** A contact is required; a queue too unless the user is an admin (spec core §5: 'Selecione uma fila'). */
export function buildNewTicketSchema(t: TFunction, isAdmin: boolean) {
  return z
    .object({ contactId: z.number().nullable(), queueId: ZSelected, whatsappId: ZSelected })
    .superRefine((values, ctx) => {
      if (values.contactId === null) {
        ctx.addIssue({ code: "custom", path: ["contactId"], message: t("tickets.newTicket.selectContact") });
      }
      if (!isAdmin && values.queueId === "") {
        ctx.addIssue({ code: "custom", path: ["queueId"], message: t("tickets.newTicket.selectQueue") });
      }
    });
}

/**
 * The connection a new ticket starts on: the user's default connection when it exists, else the
 * company's default one, else none.
 */
export function defaultConnectionId(
  connections: readonly { id: number; isDefault: boolean }[],
  userWhatsappId: number | null,
): number | "" {
  if (userWhatsappId !== null && connections.some((connection) => connection.id === userWhatsappId)) return userWhatsappId;
  return connections.find((connection) => connection.isDefault)?.id ?? "";
}
