import type { SimulatorInboundBody } from "@conversa/shared";
import type { DriverConnection, InboundMessage } from "../types.ts";
import type { NewSimulatorMessage, StoredDetails } from "./simulator-store.ts";

/** A contact card in vCard 3.0, as WhatsApp carries it. */
export function buildVcard(name: string, numbers: string[]): string {
  const escaped = name.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, " ");
  const phones = numbers.map((n) => `TEL;type=CELL;waid=${n}:+${n}`);
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${escaped};;;`, `FN:${escaped}`, ...phones, "END:VCARD"].join("\n");
}

/** The readable text of a message: its text or caption, else a rendering of its content. */
function bodyOf(input: SimulatorInboundBody): string {
  if (input.body !== "") return input.body;
  if (input.location) return input.location.description ?? `${input.location.latitude}, ${input.location.longitude}`;
  if (input.vcard) return input.vcard.name;
  return "";
}

function detailsOf(input: SimulatorInboundBody, size: number | null): StoredDetails {
  const details: StoredDetails = {};
  if (input.media) {
    details.media = { mimetype: input.media.mimetype, filename: input.media.filename ?? null, size, voice: input.voice ?? false };
  }
  if (input.group) details.participant = { number: input.from, name: input.name ?? null };
  if (input.location) details.location = { ...input.location, description: input.location.description ?? null };
  if (input.vcard) details.vcard = input.vcard;
  if (input.call) details.call = input.call;
  if (input.rawType) details.rawType = input.rawType;
  return details;
}

/**
 * Turns what a simulated customer sent into the normalised inbound message and the simulator's
 * own record of it. `content` is the decoded media.
 */
export function mapInbound(
  connection: DriverConnection,
  input: SimulatorInboundBody,
  wid: string,
  timestamp: Date,
  content: Buffer | undefined,
): { message: InboundMessage; stored: NewSimulatorMessage } {
  const chat = input.group
    ? { number: input.group.id, isGroup: true, ...(input.group.name ? { name: input.group.name } : {}) }
    : { number: input.from, isGroup: false, ...(input.name ? { name: input.name } : {}) };
  const body = bodyOf(input);
  const message: InboundMessage = {
    connectionId: connection.id,
    companyId: connection.companyId,
    wid,
    fromMe: input.fromMe,
    chat,
    sender: { number: input.from, ...(input.name ? { name: input.name } : {}) },
    timestamp,
    kind: input.kind,
    body,
  };
  if (input.kind === "unknown") message.rawType = input.rawType;
  if (input.media && content) {
    const media = { mimetype: input.media.mimetype, filename: input.media.filename };
    message.media = { ...media, download: async () => content };
  }
  if (input.quotedWid) message.quotedWid = input.quotedWid;
  if (input.location) message.location = input.location;
  if (input.vcard) message.vcard = { ...input.vcard, raw: buildVcard(input.vcard.name, input.vcard.numbers) };
  if (input.call) message.call = input.call;

  const stored: NewSimulatorMessage = {
    companyId: connection.companyId,
    connectionId: connection.id,
    direction: input.fromMe ? "out" : "in",
    customerNumber: chat.number,
    customerName: chat.name ?? null,
    isGroup: chat.isGroup,
    wid,
    kind: input.kind,
    body,
    media: detailsOf(input, content ? content.length : null),
    quotedWid: input.quotedWid ?? null,
    // Delivered to the other side; 3 once it is read.
    ack: 2,
    createdAt: timestamp,
  };
  return { message, stored };
}
