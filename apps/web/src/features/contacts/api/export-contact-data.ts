import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type DownloadProgress, apiDownload } from "../../../lib/api-client.ts";

/** GET /contacts/{id}/export (admins): everything the company holds about the contact, as one ZIP read as it arrives. */
export function exportContactData(id: number, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  return apiDownload(`/contacts/${id}/export`, onProgress);
}

/** The export under way: whose, and how much has arrived. */
export interface ContactDataExport extends DownloadProgress {
  contactId: number;
  contactName: string;
}

/**
 * Downloads a contact's data export, keeping its progress for the page. Failures become error toasts
 * (ERR_NO_PERMISSION, ERR_NO_CONTACT_FOUND).
 */
export function useExportContactData() {
  const [progress, setProgress] = useState<ContactDataExport | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      setProgress({ contactId: id, contactName: name, received: 0, total: undefined });
      return exportContactData(id, (step) => setProgress({ contactId: id, contactName: name, ...step }));
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
