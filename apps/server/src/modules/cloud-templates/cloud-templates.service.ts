import { type CloudTemplate, type CloudTemplateSend, templateParameterCount } from "@conversa/shared";
import { z } from "zod";
import { CLOUD_PROVIDER, loadCloudCredentials } from "../../channels/cloud/cloud-connections.ts";
import { GraphClient, GraphError } from "../../channels/cloud/graph-client.ts";
import type { OutboundTemplate } from "../../channels/types.ts";
import type { Db } from "../../db/client.ts";
import { checkedTemplateBody } from "../../engine/cloud-window.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { type TemplateToStore, connectionProviderOf, findStoredTemplate, listStoredTemplates, replaceStoredTemplates } from "./cloud-templates.repository.ts";

/** What the template sync needs: the database, the key that opens the connection's token, and the Graph API. */
export interface CloudTemplatesDeps {
  db: Db;
  box: SecretBox;
  /** The Graph API's base URL (`WHATSAPP_CLOUD_API_URL`). */
  graphUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** At most this many pages of `message_templates` are read in one sync (a longer list is stored in part, nothing removed). */
export const MAX_TEMPLATE_PAGES = 100;

/** One page of `GET /{businessAccountId}/message_templates` as far as the sync reads it; other fields are ignored. */
const ZTemplatesPage = z.object({
  data: z.array(
    z.object({
      name: z.string().min(1).max(512),
      language: z.string().min(1).max(15),
      category: z.string().max(40).catch("UNKNOWN").default("UNKNOWN"),
      status: z.string().max(20).catch("UNKNOWN").default("UNKNOWN"),
      components: z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()).catch([]).default([]),
    }).passthrough().nullable().catch(null),
  ),
  paging: z.object({ cursors: z.object({ after: z.string().optional() }).passthrough().optional(), next: z.string().optional() }).passthrough().optional(),
});

function graphFailure(error: unknown): AppError {
  if (error instanceof GraphError && error.isAuth) return new AppError("ERR_CLOUD_TOKEN_INVALID", { title: error.title });
  if (error instanceof GraphError) return new AppError("ERR_CLOUD_GRAPH_FAILED", { ...(error.code === undefined ? {} : { code: error.code }), title: error.title });
  return new AppError("ERR_CLOUD_GRAPH_FAILED", { title: "unreadable answer" });
}

/**
 * Reads the templates of an official-line connection's business account from the Graph API (every page,
 * at most MAX_TEMPLATE_PAGES) and stores them: upserted by name and language, those Meta no longer lists
 * removed; the body is the BODY component's text. Answers how many were read.
 * Throws ERR_NO_WAPP_FOUND, ERR_CLOUD_TEMPLATE_UNSUPPORTED (not `cloud`), ERR_CLOUD_TOKEN_INVALID, ERR_CLOUD_GRAPH_FAILED.
 */
export async function syncCloudTemplates(deps: CloudTemplatesDeps, companyId: number, connectionId: number): Promise<number> {
  const credentials = await loadCloudCredentials(deps.db, deps.box, companyId, connectionId);
  if (!credentials) {
    const provider = await connectionProviderOf(deps.db, companyId, connectionId);
    if (provider === undefined) throw new AppError("ERR_NO_WAPP_FOUND", undefined, "Connection not found");
    throw new AppError("ERR_CLOUD_TEMPLATE_UNSUPPORTED");
  }
  if (!credentials.accessToken) throw new AppError("ERR_CLOUD_TOKEN_INVALID", { title: "no access token" });
  const client = new GraphClient({ baseUrl: deps.graphUrl, accessToken: credentials.accessToken, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const found = new Map<string, TemplateToStore>();
  let after: string | undefined;
  let complete = false;
  for (let page = 0; page < MAX_TEMPLATE_PAGES; page += 1) {
    let answer: z.infer<typeof ZTemplatesPage>;
    try {
      const parsed = ZTemplatesPage.safeParse(await client.templates(credentials.businessAccountId, after));
      if (!parsed.success) throw new AppError("ERR_CLOUD_GRAPH_FAILED", { title: "unreadable answer" });
      answer = parsed.data;
    } catch (error) {
      throw error instanceof AppError ? error : graphFailure(error);
    }
    for (const template of answer.data) {
      if (!template) continue;
      const body = template.components.find((c) => c.type.toUpperCase() === "BODY")?.text ?? "";
      found.set(`${template.name}\n${template.language}`, { name: template.name, language: template.language, category: template.category, status: template.status, body, parameterCount: templateParameterCount(body) });
    }
    // Meta gives `next` only while there are more pages.
    const next = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!next || next === after) {
      complete = true;
      break;
    }
    after = next;
  }
  await replaceStoredTemplates(deps.db, companyId, connectionId, [...found.values()], deps.now?.() ?? new Date(), complete);
  return found.size;
}

/**
 * `GET /whatsapp/{id}/templates`: the synced templates of a company's connection, read again from the
 * Graph API first with `refresh`. A connection other than the official line has none (an empty list).
 * Throws ERR_NO_WAPP_FOUND, and with `refresh` ERR_CLOUD_TOKEN_INVALID, ERR_CLOUD_GRAPH_FAILED.
 */
export async function listCloudTemplates(deps: CloudTemplatesDeps, ctx: RequestContext, connectionId: number, refresh: boolean): Promise<CloudTemplate[]> {
  const provider = await connectionProviderOf(deps.db, ctx.companyId, connectionId);
  if (provider === undefined) throw new AppError("ERR_NO_WAPP_FOUND", undefined, "Connection not found");
  if (provider !== CLOUD_PROVIDER) return [];
  if (refresh) await syncCloudTemplates(deps, ctx.companyId, connectionId);
  return listStoredTemplates(deps.db, ctx.companyId, connectionId);
}

/**
 * A template send checked against the connection's synced templates: the rendered body to store and the
 * template to hand the driver. Throws ERR_CLOUD_TEMPLATE_NOT_FOUND, ERR_CLOUD_TEMPLATE_NOT_APPROVED,
 * ERR_CLOUD_TEMPLATE_PARAMETERS.
 */
export async function checkedTemplateSend(db: Db, companyId: number, connectionId: number, send: CloudTemplateSend): Promise<{ body: string; template: OutboundTemplate }> {
  const stored = await findStoredTemplate(db, companyId, connectionId, send.name, send.language);
  const body = checkedTemplateBody(stored, send);
  return { body, template: { name: send.name, language: send.language, parameters: send.parameters } };
}
