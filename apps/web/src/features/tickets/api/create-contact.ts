import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { type ContactOption, ZContactOption } from "./search-contacts.ts";

export interface CreateContactInput {
  name: string;
  number: string;
  email?: string;
}

/** POST /contacts; 409 ERR_DUPLICATED_CONTACT when the number exists. */
export function createContact(body: CreateContactInput): Promise<ContactOption> {
  return apiRequest("/contacts", ZContactOption, { method: "POST", body });
}

/** Creates a contact from the new-ticket dialog. Failures become error toasts. */
export function useCreateContact() {
  return useMutation({ mutationFn: createContact });
}
