import { LIMITS } from "@conversa/shared";
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

/** The contact form of the new-ticket dialog (spec core §5): name 2–50, number 8–50 digits, optional e-mail. */
export function buildContactSchema(t: TFunction) {
  const tooShort = t("tickets.contactForm.tooShort");
  const tooLong = t("tickets.contactForm.tooLong");
  return z.object({
    name: z.string().trim().min(1, t("tickets.contactForm.required")).min(LIMITS.nameMin, tooShort).max(LIMITS.nameMax, tooLong),
    number: z
      .string()
      .transform((value) => value.replace(/\D/g, ""))
      .pipe(z.string().min(1, t("tickets.contactForm.required")).min(LIMITS.numberMin, tooShort).max(LIMITS.numberMax, tooLong)),
    email: z.union([z.literal(""), z.string().trim().email(t("tickets.contactForm.invalidEmail"))]),
  });
}

export type ContactFormInput = z.input<ReturnType<typeof buildContactSchema>>;
export type ContactFormOutput = z.output<ReturnType<typeof buildContactSchema>>;
