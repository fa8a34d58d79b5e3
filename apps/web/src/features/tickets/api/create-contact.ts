import { type ContactBody, ZContact } from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import type { ContactOption } from "../../../components/contact-search/search-contacts.ts";

/** POST /contacts; 409 ERR_DUPLICATED_CONTACT when the number exists. */
export function createContact(body: ContactBody): Promise<ContactOption> {
  return apiRequest("/contacts", ZContact, { method: "POST", body });
}

/** Creates a contact from the new-ticket dialog. Failures become error toasts. */
export function useCreateContact() {
  return useMutation({ mutationFn: createContact });
}
