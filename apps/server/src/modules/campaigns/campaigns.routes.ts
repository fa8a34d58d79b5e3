import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZCampaign,
  ZCampaignBody,
  ZUpdateCampaignBody,
  ZCampaignPacing,
  ZCampaignPacingBody,
  ZCampaignSettingsBody,
  ZCampaignSettingsList,
  campaignSettingsList,
  ZCampaignShipping,
  ZCampaignTestSendBody,
  ZContactImportReport,
  ZContactList,
  ZContactListBody,
  ZContactListItem,
  ZContactListItemBody,
  ZContactListsListResponse,
  ZIdParam,
  ZExportCampaignRecipientsQuery,
  ZListCampaignRecipientsQuery,
  ZListCampaignRecipientsResponse,
  ZListCampaignsQuery,
  ZListCampaignsResponse,
  ZListContactListItemsQuery,
  ZListContactListItemsResponse,
  ZListContactListsQuery,
  ZListContactListsResponse,
  ZOkResponse,
  ZWhatsappIdParam,
} from "@conversa/shared";
import type { EngineDeps } from "../../engine/deps.ts";
import { ctxOf } from "../../lib/context.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";
import { mailLanguageOf } from "../../mail/language.ts";
import { SINGLE_MEDIA_UPLOAD, readUploadedFile } from "../../media/media-upload.ts";
import { readUpload } from "../../media/uploads.ts";
import { DEFAULT_SPREADSHEET_LIMITS, type SpreadsheetLimits } from "../contacts/index.ts";
import { exportCampaignRecipients, listCampaignRecipients } from "./campaign-recipients.service.ts";
import {
  attachCampaignMedia,
  changeCampaignState,
  createCampaign,
  deleteCampaign,
  listCampaignShipping,
  listCampaigns,
  removeCampaignMedia,
  savePacing,
  saveCampaignSettings,
  showCampaign,
  showCampaignSettings,
  showPacing,
  testSendCampaign,
  updateCampaign,
} from "./campaigns.service.ts";
import {
  type ContactListsDeps,
  createContactList,
  createContactListItem,
  deleteContactList,
  deleteContactListItem,
  importContactListSpreadsheet,
  listContactListItems,
  listContactLists,
  listEveryContactList,
  requireCampaignManager,
  showContactList,
  showContactListItem,
  updateContactList,
  updateContactListItem,
} from "./contact-lists.service.ts";

const ZShippingQuery = z.object({ pageNumber: z.coerce.number().int().min(1).max(100000).default(1) });

/** What the campaign routes use of the platform: the contact lists' dependencies, the engine's (which the campaign services take) and the import limits. */
export interface CampaignsRoutesDeps extends ContactListsDeps {
  engine: { deps: EngineDeps };
  /** Limits of spreadsheet imports, when not the defaults. */
  contactImport?: Partial<SpreadsheetLimits>;
}

/**
 * /contact-lists, /contact-list-items, /campaigns and /campaign-settings (spec admin §7): every route
 * needs the plan flag useCampaigns and "campaigns:manage" (admins).
 */
export function campaignsRoutes(deps: CampaignsRoutesDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  const limits: SpreadsheetLimits = { ...DEFAULT_SPREADSHEET_LIMITS, ...deps.contactImport };
  const listDeps = { db: deps.db, events: deps.events, jobs: deps.jobs, importLocks: deps.importLocks };
  return async (app) => {
    const auth = { onRequest: app.authenticate, config: { planFlag: "useCampaigns" as const } };

    // Contact lists.
    app.get("/contact-lists", { ...auth, schema: { querystring: ZListContactListsQuery, response: { 200: ZListContactListsResponse } } }, (request) =>
      listContactLists(listDeps, ctxOf(request), request.query),
    );
    app.get("/contact-lists/list", { ...auth, schema: { response: { 200: ZContactListsListResponse } } }, (request) => listEveryContactList(listDeps, ctxOf(request)));
    app.get("/contact-lists/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZContactList } } }, (request) => showContactList(listDeps, ctxOf(request), request.params.id));
    app.post("/contact-lists", { ...auth, schema: { body: ZContactListBody, response: { 200: ZContactList } } }, (request) => createContactList(listDeps, ctxOf(request), request.body));
    app.put("/contact-lists/:id", { ...auth, schema: { params: ZIdParam, body: ZContactListBody, response: { 200: ZContactList } } }, (request) =>
      updateContactList(listDeps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/contact-lists/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteContactList(listDeps, ctxOf(request), request.params.id);
      return { message: "Contact list deleted" };
    });
    const spreadsheet = { accepts: "spreadsheet", field: "file", maxFiles: 1, maxBytes: limits.maxBytes, maxFields: 5, maxFieldBytes: 1000 } as const;
    app.post(
      "/contact-lists/:id/upload",
      { ...auth, config: { ...auth.config, upload: spreadsheet }, schema: { params: ZIdParam, response: { 200: ZContactImportReport } } },
      async (request) => {
        const ctx = ctxOf(request);
        requireCampaignManager(ctx);
        const { files } = await readUpload(request, async (file) => ({ fileName: file.filename, content: file.content }));
        return importContactListSpreadsheet(listDeps, ctx, request.params.id, files[0]!, limits);
      },
    );

    // The contacts of a list.
    app.get("/contact-list-items", { ...auth, schema: { querystring: ZListContactListItemsQuery, response: { 200: ZListContactListItemsResponse } } }, (request) =>
      listContactListItems(listDeps, ctxOf(request), request.query),
    );
    app.get("/contact-list-items/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZContactListItem } } }, (request) =>
      showContactListItem(listDeps, ctxOf(request), request.params.id),
    );
    app.post("/contact-list-items", { ...auth, schema: { body: ZContactListItemBody, response: { 200: ZContactListItem } } }, (request) =>
      createContactListItem(listDeps, ctxOf(request), request.body),
    );
    app.put("/contact-list-items/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZContactListItemBody, ZContactListItem), response: { 200: ZContactListItem } } }, (request) =>
      updateContactListItem(listDeps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/contact-list-items/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteContactListItem(listDeps, ctxOf(request), request.params.id);
      return { message: "List contact deleted" };
    });

    // Campaigns.
    app.get("/campaigns", { ...auth, schema: { querystring: ZListCampaignsQuery, response: { 200: ZListCampaignsResponse } } }, (request) =>
      listCampaigns(engine, ctxOf(request), request.query),
    );
    app.get("/campaigns/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZCampaign } } }, (request) => showCampaign(engine, ctxOf(request), request.params.id));
    app.get(
      "/campaigns/:id/shipping",
      { ...auth, schema: { params: ZIdParam, querystring: ZShippingQuery, response: { 200: z.object({ records: z.array(ZCampaignShipping), hasMore: z.boolean() }) } } },
      (request) => listCampaignShipping(engine, ctxOf(request), request.params.id, request.query.pageNumber),
    );
    app.get(
      "/campaigns/:id/recipients",
      { ...auth, schema: { params: ZIdParam, querystring: ZListCampaignRecipientsQuery, response: { 200: ZListCampaignRecipientsResponse } } },
      (request) => listCampaignRecipients(engine, ctxOf(request), request.params.id, request.query),
    );
    app.get("/campaigns/:id/recipients/export", { ...auth, schema: { params: ZIdParam, querystring: ZExportCampaignRecipientsQuery } }, async (request, reply) => {
      const lines = await exportCampaignRecipients(engine, ctxOf(request), request.params.id, request.query, mailLanguageOf(request.headers["accept-language"]));
      reply.header("Content-Type", "text/csv; charset=utf-8");
      reply.header("Content-Disposition", `attachment; filename="campaign-${request.params.id}-recipients.csv"`);
      reply.header("Cache-Control", "no-store");
      return reply.send(Readable.from(lines));
    });
    app.post("/campaigns", { ...auth, schema: { body: ZCampaignBody, response: { 200: ZCampaign } } }, (request) => createCampaign(engine, ctxOf(request), request.body));
    app.put("/campaigns/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZUpdateCampaignBody, ZCampaign), response: { 200: ZCampaign } } }, (request) =>
      updateCampaign(engine, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/campaigns/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteCampaign(engine, ctxOf(request), request.params.id);
      return { message: "Campaign deleted" };
    });
    for (const action of ["cancel", "restart", "pause", "resume"] as const) {
      app.post(`/campaigns/:id/${action}`, { ...auth, schema: { params: ZIdParam, response: { 200: ZCampaign } } }, (request) =>
        changeCampaignState(engine, ctxOf(request), request.params.id, action),
      );
    }
    app.post("/campaigns/:id/test-send", { ...auth, schema: { params: ZIdParam, body: ZCampaignTestSendBody, response: { 200: ZOkResponse } } }, (request) =>
      testSendCampaign(engine, ctxOf(request), request.params.id, request.body.number),
    );
    app.post(
      "/campaigns/:id/media-upload",
      { ...auth, config: { ...auth.config, upload: SINGLE_MEDIA_UPLOAD }, schema: { params: ZIdParam, response: { 200: ZCampaign } } },
      async (request) => {
        const ctx = ctxOf(request);
        requireCampaignManager(ctx);
        return attachCampaignMedia(engine, ctx, request.params.id, await readUploadedFile(request));
      },
    );
    app.delete("/campaigns/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZCampaign } } }, (request) =>
      removeCampaignMedia(engine, ctxOf(request), request.params.id),
    );

    // Campaign settings and the connections' pacing.
    // The settings travel as the spec's list of { key, value } with JSON-text values (admin §3, §7).
    app.get("/campaign-settings", { ...auth, schema: { response: { 200: ZCampaignSettingsList } } }, async (request) =>
      campaignSettingsList(await showCampaignSettings(engine, ctxOf(request))),
    );
    app.post("/campaign-settings", { ...auth, schema: { body: ZCampaignSettingsBody, response: { 200: ZCampaignSettingsList } } }, async (request) =>
      campaignSettingsList(await saveCampaignSettings(engine, ctxOf(request), request.body.settings)),
    );
    app.get("/campaign-settings/pacing/:whatsappId", { ...auth, schema: { params: ZWhatsappIdParam, response: { 200: ZCampaignPacing } } }, (request) =>
      showPacing(engine, ctxOf(request), request.params.whatsappId),
    );
    app.put("/campaign-settings/pacing/:whatsappId", { ...auth, schema: { params: ZWhatsappIdParam, body: ZCampaignPacingBody, response: { 200: ZCampaignPacing } } }, (request) =>
      savePacing(engine, ctxOf(request), request.params.whatsappId, request.body),
    );
  };
}
