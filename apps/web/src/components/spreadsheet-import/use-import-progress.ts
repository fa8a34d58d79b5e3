import { ZContactImportProgressPayload } from "@conversa/shared";
import { useState } from "react";
import { useCompanyEvent } from "../../lib/socket-provider.tsx";

export interface ImportProgress {
  processed: number;
  total: number;
}

/**
 * The progress of the user's running import, as the server tells it on `company-{id}-contact`
 * (only to the importing user) after each batch of rows; `reset` before a new import.
 */
export function useImportProgress() {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useCompanyEvent("contact", (payload) => {
    const parsed = ZContactImportProgressPayload.safeParse(payload);
    if (parsed.success) setProgress(parsed.data.progress);
  });
  return { progress, reset: () => setProgress(null) };
}
