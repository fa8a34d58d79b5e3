import { useMutation } from "@tanstack/react-query";
import { apiBlob } from "../../../lib/api-client.ts";
import { type ContactListFilter, toContactsQuery } from "../utils/contact-filter.ts";

/**
 * GET /contacts/export: the contacts matching the filter as CSV (';'), or null when none matches
 * (the server answers 204 without content).
 */
export async function exportContacts(filter: ContactListFilter): Promise<Blob | null> {
  const blob = await apiBlob("/contacts/export", { query: toContactsQuery(filter) });
  return blob.size === 0 ? null : blob;
}

/** Asks for the CSV export of the list as filtered. Failures become error toasts. */
export function useExportContacts() {
  return useMutation({ mutationFn: exportContacts });
}
