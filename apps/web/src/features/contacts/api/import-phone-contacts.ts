import { type Connection, type ContactImportReport, ZConnectionList, ZContactImportReport } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contactConnectionsQueryKey, contactsListPrefix } from "./query-keys.ts";

/** POST /contacts/import: the address book of a connected phone (the default connection when none is given). */
export function importPhoneContacts(whatsappId: number | null): Promise<ContactImportReport> {
  return apiRequest("/contacts/import", ZContactImportReport, { method: "POST", query: { whatsappId: whatsappId ?? undefined } });
}

/** Imports the phone's contacts; the lists are read again afterwards. */
export function useImportPhoneContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPhoneContacts,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsListPrefix }),
  });
}

/** GET /whatsapp/?session=0: the connections whose phone can be read. */
export function fetchImportConnections(): Promise<Connection[]> {
  return apiRequest("/whatsapp/", ZConnectionList, { query: { session: 0 } });
}

/** The company's connections, for the phone import's choice. */
export function useImportConnections(enabled: boolean) {
  return useQuery({ queryKey: contactConnectionsQueryKey, queryFn: fetchImportConnections, enabled });
}
