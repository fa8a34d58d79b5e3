import { type ContactListItem, type ContactListItemBody, dialledDigits } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** Lengths of spec admin §5: a list's name, and a list contact's name and number (digits). */
const NAME_MIN = 2;
const NAME_MAX = 50;
const NUMBER_MIN = 8;
const NUMBER_MAX = 50;

/** The list dialog's rules (spec admin §5: name required, 2 to 50 characters). */
export function buildContactListFormSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(1, t("contactLists.validation.required")).min(NAME_MIN, t("contactLists.validation.tooShort")).max(NAME_MAX, t("contactLists.validation.tooLong")),
  });
}

export type ContactListFormValues = z.input<ReturnType<typeof buildContactListFormSchema>>;

/** What the list contact dialog edits. */
export interface ListContactFormValues {
  name: string;
  number: string;
  email: string;
}

/**
 * The list contact dialog's rules (spec admin §5): name required, 2 to 50; number 8 to 50 digits (the
 * server keeps only the digits, with the company's calling code when typed without one); e-mail valid or empty ('Invalid email').
 */
export function buildListContactFormSchema(t: TFunction) {
  const tooShort = t("contactLists.validation.tooShort");
  const tooLong = t("contactLists.validation.tooLong");
  return z.object({
    name: z.string().trim().min(1, t("contactLists.validation.required")).min(NAME_MIN, tooShort).max(NAME_MAX, tooLong),
    number: z
      .string()
      .trim()
      .min(1, t("contactLists.validation.required"))
      .refine((value) => dialledDigits(value).length >= NUMBER_MIN, tooShort)
      .refine((value) => dialledDigits(value).length <= NUMBER_MAX, tooLong),
    email: z.union([z.literal(""), z.string().trim().email(t("contactLists.validation.invalidEmail"))]),
  });
}

/** A new contact's fields, or a stored one's. */
export function listContactFormValues(item?: Pick<ContactListItem, "name" | "number" | "email">): ListContactFormValues {
  return { name: item?.name ?? "", number: item?.number ?? "", email: item?.email ?? "" };
}

/** The body sent to the API for a contact of `contactListId`: the number as typed, so that a leading + still counts. */
export function toListContactBody(values: ListContactFormValues, contactListId: number): ContactListItemBody {
  return { name: values.name.trim(), number: values.number.trim(), email: values.email.trim(), contactListId };
}
