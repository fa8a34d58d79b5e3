import { and, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { prompts, queueIntegrations } from "./schema/index.ts";
import { AppError } from "../lib/app-error.ts";

/**
 * AI prompts and integrations, which tickets, queues and connections may point at. A non-null id must
 * name a record of the acting company; null (or an id left out) always passes.
 */
export interface BotReferences {
  promptId?: number | null;
  integrationId?: number | null;
}

/** Throws ERR_NO_PROMPT_FOUND or ERR_NO_INTEGRATION_FOUND for a non-null id that names no record of the company. */
export async function assertReferencesExist(db: Db, companyId: number, refs: BotReferences): Promise<void> {
  if (refs.promptId !== undefined && refs.promptId !== null) {
    const [row] = await db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.id, refs.promptId)));
    if (!row) throw new AppError("ERR_NO_PROMPT_FOUND");
  }
  if (refs.integrationId !== undefined && refs.integrationId !== null) {
    const [row] = await db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, refs.integrationId)));
    if (!row) throw new AppError("ERR_NO_INTEGRATION_FOUND");
  }
}
