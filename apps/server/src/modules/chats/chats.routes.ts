import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZChat,
  ZChatBody,
  ZChatMessage,
  ZChatMessageBody,
  ZChatReadBody,
  ZChatRefParam,
  ZIdParam,
  ZListChatMessagesQuery,
  ZListChatMessagesResponse,
  ZListChatsQuery,
  ZListChatsResponse,
  ZOkResponse,
} from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type ChatsDeps, createChat, deleteChat, listChatMessages, listChats, markChatRead, sendChatMessage, showChat, updateChat } from "./chats.service.ts";

/** What the internal chat routes use of the platform. */
export type ChatsRoutesDeps = ChatsDeps;

/**
 * /chats (spec admin §7): the internal chats between users of one company. Members only read or write a
 * chat; its owner only edits or deletes it. Every route needs the plan flag useInternalChat (403
 * ERR_PLAN_FEATURE_DISABLED otherwise).
 */
export function chatsRoutes(deps: ChatsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate, config: { planFlag: "useInternalChat" as const } };

    app.get("/chats", { ...auth, schema: { querystring: ZListChatsQuery, response: { 200: ZListChatsResponse } } }, (request) =>
      listChats(deps, ctxOf(request), request.query),
    );
    app.get("/chats/:id", { ...auth, schema: { params: ZChatRefParam, response: { 200: ZChat } } }, (request) => showChat(deps, ctxOf(request), request.params.id));
    app.post("/chats", { ...auth, schema: { body: ZChatBody, response: { 200: ZChat } } }, (request) => createChat(deps, ctxOf(request), request.body));
    app.put("/chats/:id", { ...auth, schema: { params: ZIdParam, body: ZChatBody, response: { 200: ZChat } } }, (request) =>
      updateChat(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/chats/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteChat(deps, ctxOf(request), request.params.id);
      return { message: "Chat deleted" };
    });
    app.post("/chats/:id/read", { ...auth, schema: { params: ZIdParam, body: ZChatReadBody, response: { 200: ZChat } } }, (request) =>
      markChatRead(deps, ctxOf(request), request.params.id, request.body),
    );
    app.get("/chats/:id/messages", { ...auth, schema: { params: ZIdParam, querystring: ZListChatMessagesQuery, response: { 200: ZListChatMessagesResponse } } }, (request) =>
      listChatMessages(deps, ctxOf(request), request.params.id, request.query),
    );
    app.post("/chats/:id/messages", { ...auth, schema: { params: ZIdParam, body: ZChatMessageBody, response: { 200: ZChatMessage } } }, (request) =>
      sendChatMessage(deps, ctxOf(request), request.params.id, request.body),
    );
  };
}
