import { z } from "zod";

/**
 * Meta's WhatsApp Cloud API webhook (`/webhooks/whatsapp-cloud/{webhookKey}`): the subscription handshake
 * and the notifications Meta posts. Only what the product reads is declared; every object stays loose,
 * because Meta adds fields over time and a new field must never make a signed notification fail.
 */

/** The connection's webhook key: the unguessable part of its callback URL. */
export const ZCloudWebhookParams = z.object({ webhookKey: z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/) });

/** `GET` of the callback URL: Meta's subscription handshake. */
export const ZCloudWebhookHandshakeQuery = z.object({
  "hub.mode": z.string().max(64).optional(),
  "hub.verify_token": z.string().max(256).optional(),
  "hub.challenge": z.string().max(256).optional(),
});

/** What the product answers a notification it accepted (Meta reads only the 200). */
export const ZCloudWebhookAnswer = z.object({ received: z.literal(true) });

const ZGraphId = z.string().min(1).max(256);

/** One message a customer sent, as Meta delivers it: the common fields; the part of its `type` is read by the mapping. */
export const ZCloudInboundMessage = z.looseObject({
  id: ZGraphId,
  from: z.string().min(1).max(64),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().min(1).max(64),
  context: z.looseObject({ id: ZGraphId.optional(), from: z.string().max(64).optional() }).optional(),
});

/** A status of a message the business sent: sent, delivered, read or failed (with errors[]). */
export const ZCloudStatus = z.looseObject({
  id: ZGraphId,
  status: z.string().min(1).max(64),
  timestamp: z.string().regex(/^\d{1,12}$/).optional(),
  recipient_id: z.string().max(64).optional(),
  /** What the business sent as `biz_opaque_callback_data` with the message: the product's idempotency key. */
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(z.looseObject({ code: z.number().int().optional(), title: z.string().max(1000).optional(), message: z.string().max(1000).optional(), error_data: z.looseObject({ details: z.string().max(2000).optional() }).optional() }))
    .max(20)
    .optional(),
});

export const ZCloudChangeValue = z.looseObject({
  messaging_product: z.string().max(64).optional(),
  metadata: z.looseObject({ display_phone_number: z.string().max(64).optional(), phone_number_id: z.string().max(64).optional() }).optional(),
  contacts: z.array(z.looseObject({ wa_id: z.string().max(64).optional(), profile: z.looseObject({ name: z.string().max(1000).optional() }).optional() })).max(1000).optional(),
  messages: z.array(ZCloudInboundMessage).max(1000).optional(),
  statuses: z.array(ZCloudStatus).max(1000).optional(),
});

/** A notification Meta posts to the callback URL. */
export const ZCloudNotification = z.looseObject({
  object: z.string().max(64),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(64).optional(),
        changes: z
          .array(
            z.looseObject({ field: z.string().max(64), value: z.unknown() }).superRefine((change, context) => {
              // The product reads the `messages` field; a change of another field (template status, account) is accepted and left alone.
              if (change.field !== "messages") return;
              const parsed = ZCloudChangeValue.safeParse(change.value);
              for (const issue of parsed.error?.issues ?? []) context.addIssue({ code: "custom", message: issue.message, path: ["value", ...issue.path.map(String)] });
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

export type CloudNotification = z.infer<typeof ZCloudNotification>;
export type CloudChangeValue = z.infer<typeof ZCloudChangeValue>;
export type CloudInboundMessage = z.infer<typeof ZCloudInboundMessage>;
export type CloudStatus = z.infer<typeof ZCloudStatus>;
