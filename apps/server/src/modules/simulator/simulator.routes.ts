import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZIdParam,
  ZSimulatorBatchBody,
  ZSimulatorBatchResponse,
  ZSimulatorChatList,
  ZSimulatorChatParams,
  ZSimulatorConnection,
  ZSimulatorConnectionList,
  ZSimulatorInboundBody,
  ZSimulatorMediaParams,
  ZSimulatorMessage,
  ZSimulatorMessagesPage,
  ZSimulatorMessagesQuery,
  ZSimulatorReadResponse,
  ZSimulatorScanBody,
  ZSimulatorSendsBody,
} from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import {
  type SimulatorDeps,
  dropNetwork,
  listSimulatorChatMessages,
  listSimulatorChats,
  listSimulatorConnections,
  openOutboundMedia,
  readChat,
  receiveBatch,
  receiveMessage,
  scanQrCode,
  setRefuseSends,
} from "./simulator.service.ts";

const MiB = 1024 * 1024;
/** One message with up to 16 MB of media, base64 (4/3 larger) in JSON. */
const MESSAGE_BODY_LIMIT = 24 * MiB;
const BATCH_BODY_LIMIT = 32 * MiB;

/** Served inline only when a browser can show it safely; anything else is a download. */
function isInlineSafe(mimetype: string): boolean {
  return /^(image\/(png|jpeg|gif|webp)|audio\/[\w.+-]+|video\/[\w.+-]+)(;|$)/i.test(mimetype);
}

/**
 * The WhatsApp simulator's HTTP API (docs/simulator.md). Every route needs an admin's session (any other
 * account gets 403 ERR_NO_PERMISSION) and reaches only the simulator connections of the session's company.
 * Registered only while the simulator is on.
 */
export function simulatorRoutes(deps: SimulatorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/simulator/connections", { ...auth, schema: { response: { 200: ZSimulatorConnectionList } } }, (request) =>
      listSimulatorConnections(deps, ctxOf(request)),
    );

    app.post(
      "/simulator/connections/:id/scan",
      { ...auth, schema: { params: ZIdParam, body: ZSimulatorScanBody, response: { 200: ZSimulatorConnection } } },
      (request) => scanQrCode(deps, ctxOf(request), request.params.id, request.body),
    );

    app.post(
      "/simulator/connections/:id/messages",
      { ...auth, bodyLimit: MESSAGE_BODY_LIMIT, schema: { params: ZIdParam, body: ZSimulatorInboundBody, response: { 201: ZSimulatorMessage } } },
      async (request, reply) => reply.status(201).send(await receiveMessage(deps, ctxOf(request), request.params.id, request.body)),
    );

    app.post(
      "/simulator/connections/:id/messages/batch",
      { ...auth, bodyLimit: BATCH_BODY_LIMIT, schema: { params: ZIdParam, body: ZSimulatorBatchBody, response: { 201: ZSimulatorBatchResponse } } },
      async (request, reply) => reply.status(201).send(await receiveBatch(deps, ctxOf(request), request.params.id, request.body.messages)),
    );

    app.get("/simulator/connections/:id/chats", { ...auth, schema: { params: ZIdParam, response: { 200: ZSimulatorChatList } } }, (request) =>
      listSimulatorChats(deps, ctxOf(request), request.params.id),
    );

    app.get(
      "/simulator/connections/:id/chats/:number/messages",
      { ...auth, schema: { params: ZSimulatorChatParams, querystring: ZSimulatorMessagesQuery, response: { 200: ZSimulatorMessagesPage } } },
      (request) => listSimulatorChatMessages(deps, ctxOf(request), request.params.id, request.params.number, request.query),
    );

    app.post(
      "/simulator/connections/:id/chats/:number/read",
      { ...auth, schema: { params: ZSimulatorChatParams, response: { 200: ZSimulatorReadResponse } } },
      (request) => readChat(deps, ctxOf(request), request.params.id, request.params.number),
    );

    app.post("/simulator/connections/:id/disconnect", { ...auth, schema: { params: ZIdParam, response: { 200: ZSimulatorConnection } } }, (request) =>
      dropNetwork(deps, ctxOf(request), request.params.id),
    );

    app.put(
      "/simulator/connections/:id/sends",
      { ...auth, schema: { params: ZIdParam, body: ZSimulatorSendsBody, response: { 200: ZSimulatorConnection } } },
      (request) => setRefuseSends(deps, ctxOf(request), request.params.id, request.body.refuse, request.body.answerDelayMs),
    );

    app.get("/simulator/media/:messageId", { ...auth, schema: { params: ZSimulatorMediaParams } }, async (request, reply) => {
      const media = await openOutboundMedia(deps, ctxOf(request), request.params.messageId);
      const disposition = isInlineSafe(media.mimetype) ? "inline" : "attachment";
      const filename = encodeURIComponent(media.filename ?? `media-${request.params.messageId}`);
      return reply
        .type(media.mimetype)
        .header("Content-Length", media.size)
        .header("Content-Disposition", `${disposition}; filename*=UTF-8''${filename}`)
        .header("Cache-Control", "no-store")
        .send(media.stream);
    });
  };
}
