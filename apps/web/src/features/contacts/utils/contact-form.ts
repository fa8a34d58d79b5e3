import type { Contact, ZContactBody } from "@conversa/shared";
import type { z } from "zod";

/** What the contact dialog edits; the shared contact body validates it (core §5). */
export type ContactFormValues = z.input<typeof ZContactBody>;

/** The form's starting values: the contact's, or empty ones for a new contact. */
export function contactFormValues(contact: Contact | undefined): ContactFormValues {
  if (!contact) return { name: "", number: "", email: "", extraInfo: [] };
  return { name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })) };
}

/** The shared rules' messages (core §5) and their locale keys. */
const VALIDATION_KEYS = new Map<string, `contacts.validation.${"required" | "tooShort" | "tooLong" | "invalidEmail"}`>([
  ["Required", "contacts.validation.required"],
  ["Too Short!", "contacts.validation.tooShort"],
  ["Too Long!", "contacts.validation.tooLong"],
  ["Invalid email", "contacts.validation.invalidEmail"],
]);

/** The locale key of a validation message, when it is one of the shared rules'. */
export function validationKey(message: string | undefined) {
  return message === undefined ? undefined : VALIDATION_KEYS.get(message);
}
