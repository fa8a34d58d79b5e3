import type { SimulatorInboundInput, SimulatorMessageKind } from "@conversa/shared";
import { ZSimulatorGroupId, ZSimulatorPhone } from "@conversa/shared";

/** Who the person at the simulator plays: a customer, optionally writing in a group. */
export interface SimulatedCustomer {
  number: string;
  name: string;
  group: { id: string; name: string } | null;
}

export const EMPTY_CUSTOMER: SimulatedCustomer = { number: "", name: "", group: null };

/** Whether messages can be sent as this customer: a valid number (and group id, in a group). */
export function isCustomerReady(customer: SimulatedCustomer): boolean {
  return ZSimulatorPhone.safeParse(customer.number).success && (customer.group === null || ZSimulatorGroupId.safeParse(customer.group.id).success);
}

/** The conversation this customer writes in: the group, or the customer's own chat. */
export function chatNumberOf(customer: SimulatedCustomer): string | null {
  if (!isCustomerReady(customer)) return null;
  return customer.group ? customer.group.id : customer.number;
}

/** The content of one message, by kind. */
export type MessageContent =
  | { kind: "chat"; body: string }
  | { kind: "image" | "audio" | "video" | "document"; body: string; media: { data: string; mimetype: string; filename: string }; voice?: boolean }
  | { kind: "location"; latitude: number; longitude: number; description: string }
  | { kind: "vcard"; name: string; numbers: string[] };

/** The kind of message a file is sent as, from its MIME type. */
export function mediaKindOf(mimetype: string): Extract<SimulatorMessageKind, "image" | "audio" | "video" | "document"> {
  if (mimetype.startsWith("image/")) return "image";
  if (mimetype.startsWith("audio/")) return "audio";
  if (mimetype.startsWith("video/")) return "video";
  return "document";
}

/** The body of POST /simulator/connections/:id/messages for this customer and content. */
export function buildCustomerMessage(customer: SimulatedCustomer, content: MessageContent): SimulatorInboundInput {
  const sender: SimulatorInboundInput = {
    from: customer.number,
    ...(customer.name.trim() ? { name: customer.name.trim() } : {}),
    ...(customer.group ? { group: { id: customer.group.id, ...(customer.group.name.trim() ? { name: customer.group.name.trim() } : {}) } } : {}),
  };
  switch (content.kind) {
    case "chat":
      return { ...sender, kind: "chat", body: content.body };
    case "location":
      return {
        ...sender,
        kind: "location",
        location: { latitude: content.latitude, longitude: content.longitude, ...(content.description.trim() ? { description: content.description.trim() } : {}) },
      };
    case "vcard":
      return { ...sender, kind: "vcard", vcard: { name: content.name, numbers: content.numbers } };
    default:
      return {
        ...sender,
        kind: content.kind,
        body: content.body,
        media: content.media,
        ...(content.kind === "audio" && content.voice ? { voice: true } : {}),
      };
  }
}
