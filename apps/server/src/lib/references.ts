import type { Db } from "../db/client.ts";
import { AppError } from "./app-error.ts";

/**
 * Ids that name records the product does not store yet: AI prompts and integrations, which tickets,
 * queues and connections may point at. A non-null id must name a record of the acting company; null
 * (or an id left out) always passes. There is no prompts or integrations table yet, so no id names one
 * and every non-null id is refused. When a table arrives, each check becomes a lookup by
 * (companyId, id) here, and every caller keeps its behaviour.
 */
export interface UnstoredReferences {
  promptId?: number | null;
  integrationId?: number | null;
}

/** Throws ERR_NO_PROMPT_FOUND or ERR_NO_INTEGRATION_FOUND for a non-null id that names no record of the company. */
export async function assertReferencesExist(_db: Db, _companyId: number, refs: UnstoredReferences): Promise<void> {
  // No prompts table yet: a prompt id can name nothing of the company.
  if (refs.promptId !== undefined && refs.promptId !== null) throw new AppError("ERR_NO_PROMPT_FOUND");
  // No integrations table yet: an integration id can name nothing of the company.
  if (refs.integrationId !== undefined && refs.integrationId !== null) throw new AppError("ERR_NO_INTEGRATION_FOUND");
}
