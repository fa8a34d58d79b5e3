import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZConnection, ZConnectionBody, ZConnectionDetail, ZCreateConnectionBody, ZConnectionList, ZIdParam, ZListConnectionsQuery, ZOkResponse } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import {
  type ConnectionsDeps,
  createConnection,
  deleteConnection,
  disconnectConnectionSession,
  getConnection,
  listConnections,
  renewConnectionQrCode,
  startConnectionSession,
  updateConnection,
} from "./connections.service.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";
import type { SecretBox } from "../../lib/secret-box.ts";

/** What the connection routes use of the platform. */
export interface ConnectionsRoutesDeps extends Omit<ConnectionsDeps, "box" | "urls"> {
  auth: { box: SecretBox };
  config: { publicUrl: string | undefined };
}

/** /whatsapp (connections) and /whatsappsession (their sessions), spec core §7. */
export function connectionsRoutes(routeDeps: ConnectionsRoutesDeps): FastifyPluginAsyncZod {
  const deps: ConnectionsDeps = { ...routeDeps, box: routeDeps.auth.box, urls: { publicUrl: routeDeps.config.publicUrl } };
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/whatsapp", { ...auth, schema: { querystring: ZListConnectionsQuery, response: { 200: ZConnectionList } } }, (request) =>
      listConnections(deps, ctxOf(request)),
    );
    app.get("/whatsapp/:id", { ...auth, schema: { params: ZIdParam, querystring: ZListConnectionsQuery, response: { 200: ZConnectionDetail } } }, (request) =>
      getConnection(deps, ctxOf(request), request.params.id),
    );
    app.post("/whatsapp", { ...auth, schema: { body: ZCreateConnectionBody, response: { 200: ZConnection } } }, (request) =>
      createConnection(deps, ctxOf(request), request.body, request.ip),
    );
    app.put("/whatsapp/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZConnectionBody, ZConnectionDetail), response: { 200: ZConnection } } }, (request) =>
      updateConnection(deps, ctxOf(request), request.params.id, request.body, request.ip),
    );
    app.delete("/whatsapp/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteConnection(deps, ctxOf(request), request.params.id);
      return { message: "Connection deleted" };
    });

    app.post("/whatsappsession/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await startConnectionSession(deps, ctxOf(request), request.params.id);
      return { message: "Starting session" };
    });
    app.put("/whatsappsession/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await renewConnectionQrCode(deps, ctxOf(request), request.params.id);
      return { message: "Starting session with a new QR code" };
    });
    app.delete("/whatsappsession/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await disconnectConnectionSession(deps, ctxOf(request), request.params.id);
      return { message: "Session disconnected" };
    });
  };
}
