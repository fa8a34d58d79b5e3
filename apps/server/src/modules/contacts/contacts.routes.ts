import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZContact,
  ZContactBody,
  ZContactImportReport,
  ZContactsListResponse,
  ZEraseContactBody,
  ZEraseContactResponse,
  ZExportContactsQuery,
  ZIdParam,
  ZImportPhoneContactsQuery,
  ZListContactsQuery,
  ZListContactsResponse,
  ZOkResponse,
} from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { readUpload } from "../../media/uploads.ts";
import type { MediaStore } from "../../media/media-store.ts";
import { type ContactImportDeps, importPhoneContacts, importSpreadsheet } from "./contacts-import.service.ts";
import { createContact, deleteContact, exportContacts, listAllContacts, listContacts, showContact, updateContact } from "./contacts.service.ts";
import { eraseContactData, exportContactData } from "./data-rights.service.ts";
import { DEFAULT_SPREADSHEET_LIMITS, type SpreadsheetLimits } from "./spreadsheet-reader.ts";

/** What the contact routes use of the platform: the imports' dependencies (a superset of the contact services'). */
export interface ContactsRoutesDeps extends ContactImportDeps {
  /** Limits of spreadsheet imports, when not the defaults. */
  contactImport?: Partial<SpreadsheetLimits>;
  /** The media store: an export carries the messages' files, an erasure removes them. */
  media: MediaStore;
}

/**
 * /contacts (core §7, administration §7): list with filters, /contacts/list, show, create, update,
 * delete, spreadsheet upload, phone import and the CSV export (GET /contacts/export: 200 text/csv with
 * ';', or 204 when no contact matches).
 */
export function contactsRoutes(deps: ContactsRoutesDeps): FastifyPluginAsyncZod {
  const limits: SpreadsheetLimits = { ...DEFAULT_SPREADSHEET_LIMITS, ...deps.contactImport };
  const importDeps = { db: deps.db, events: deps.events, channels: deps.channels, importLocks: deps.importLocks, logger: deps.logger };
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/contacts", { ...auth, schema: { querystring: ZListContactsQuery, response: { 200: ZListContactsResponse } } }, (request) =>
      listContacts(deps, ctxOf(request), request.query),
    );
    app.get("/contacts/list", { ...auth, schema: { response: { 200: ZContactsListResponse } } }, (request) => listAllContacts(deps, ctxOf(request)));
    app.get("/contacts/export", { ...auth, schema: { querystring: ZExportContactsQuery } }, async (request, reply) => {
      const lines = await exportContacts(deps, ctxOf(request), request.query);
      if (!lines) return reply.status(204).send();
      reply.header("Content-Type", "text/csv; charset=utf-8");
      reply.header("Content-Disposition", 'attachment; filename="contacts.csv"');
      reply.header("Cache-Control", "no-store");
      return reply.send(Readable.from(lines));
    });
    // Customers' data rights (docs/privacy.md): admin only.
    const rightsDeps = { db: deps.db, events: deps.events, media: deps.media, logger: deps.logger };
    app.get("/contacts/:id/export", { ...auth, schema: { params: ZIdParam } }, async (request, reply) => {
      const { fileName, stream } = await exportContactData(rightsDeps, ctxOf(request), request.params.id, new Date());
      reply.header("Content-Type", "application/zip");
      reply.header("Content-Disposition", `attachment; filename="${fileName}"`);
      reply.header("Cache-Control", "no-store");
      return reply.send(Readable.from(stream));
    });
    app.post("/contacts/:id/erase", { ...auth, schema: { params: ZIdParam, body: ZEraseContactBody, response: { 200: ZEraseContactResponse } } }, (request) =>
      eraseContactData(rightsDeps, ctxOf(request), request.params.id, request.body.number, new Date()),
    );
    app.get("/contacts/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZContact } } }, (request) => showContact(deps, ctxOf(request), request.params.id));
    app.post("/contacts", { ...auth, schema: { body: ZContactBody, response: { 200: ZContact } } }, (request) => createContact(deps, ctxOf(request), request.body));
    app.put("/contacts/:id", { ...auth, schema: { params: ZIdParam, body: ZContactBody, response: { 200: ZContact } } }, (request) =>
      updateContact(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/contacts/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteContact(deps, ctxOf(request), request.params.id);
      return { message: "Contact deleted" };
    });

    const upload = { accepts: "spreadsheet", field: "file", maxFiles: 1, maxBytes: limits.maxBytes, maxFields: 5, maxFieldBytes: 1000 } as const;
    app.post("/contacts/upload", { ...auth, config: { upload }, schema: { response: { 200: ZContactImportReport } } }, async (request) => {
      const ctx = ctxOf(request);
      const { files } = await readUpload(request, async (file) => ({ fileName: file.filename, content: file.content }));
      return importSpreadsheet(importDeps, ctx, files[0]!, limits);
    });
    app.post("/contacts/import", { ...auth, schema: { querystring: ZImportPhoneContactsQuery, response: { 200: ZContactImportReport } } }, (request) =>
      importPhoneContacts(importDeps, ctxOf(request), request.query.whatsappId),
    );
  };
}
