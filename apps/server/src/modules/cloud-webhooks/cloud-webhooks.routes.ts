import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCloudNotification, ZCloudWebhookAnswer, ZCloudWebhookHandshakeQuery, ZCloudWebhookParams } from "@conversa/shared";
import { type CloudWebhookDeps, answerHandshake, receiveNotification } from "./cloud-webhooks.service.ts";

/** The most bytes of one notification: Meta documents payloads of up to 3 MB. */
export const CLOUD_WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The official line's webhook (`/webhooks/whatsapp-cloud/{webhookKey}`): public, authenticated by the
 * connection's verify token (the handshake) and by the signature of its app secret (notifications). No
 * rate limit: each request costs one indexed read and one HMAC before anything else, and Meta delivers
 * bursts that a per-address limit would refuse (and Meta would then retry and disable).
 */
export function cloudWebhooksRoutes(deps: CloudWebhookDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes: in this plugin every body is kept as received, whatever its type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: CLOUD_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.get(
      "/webhooks/whatsapp-cloud/:webhookKey",
      {
        schema: { params: ZCloudWebhookParams, querystring: ZCloudWebhookHandshakeQuery, response: { 200: z.string() } },
        config: { docs: { summary: "Meta's subscription handshake: echoes hub.challenge as text when hub.verify_token is the connection's" } },
      },
      async (request, reply) => {
        const challenge = await answerHandshake(deps, request.params.webhookKey, request.query);
        return reply.type("text/plain; charset=utf-8").send(challenge);
      },
    );

    app.post(
      "/webhooks/whatsapp-cloud/:webhookKey",
      {
        bodyLimit: CLOUD_WEBHOOK_BODY_LIMIT,
        schema: { params: ZCloudWebhookParams, response: { 200: ZCloudWebhookAnswer } },
        config: {
          docs: {
            summary: "A notification of Meta's WhatsApp Cloud API, signed with the app secret (X-Hub-Signature-256); queued, then answered 200",
            requestBodies: { "application/json": ZCloudNotification },
          },
        },
      },
      (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers["x-hub-signature-256"];
        return receiveNotification(deps, request.params.webhookKey, raw, typeof signature === "string" ? signature : undefined);
      },
    );
  };
}
