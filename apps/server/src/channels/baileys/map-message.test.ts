import { type WAMessage, type WAMessageUpdate, proto } from "baileys";
import { describe, expect, it, vi } from "vitest";
import type { InboundMessage, OutboundMessage } from "../types.ts";
import * as fixtures from "./fixtures/messages.ts";
import { type InboundContext, ackOfStatus, mapAckUpdate, mapInboundMessage, mapOutboundMessage, messageIdOf, personNumber } from "./map-message.ts";
import { parseVcard } from "./vcard.ts";

const SCOPE = { connectionId: 7, companyId: 3 };
const CUSTOMER = "5511988887777";

function context(overrides: Partial<InboundContext> = {}): InboundContext {
  return { ...SCOPE, ownNumber: "5511999990000", downloadMedia: vi.fn(async () => Buffer.from("media")), ...overrides };
}

function map(message: WAMessage, overrides: Partial<InboundContext> = {}): InboundMessage | null {
  return mapInboundMessage(message, context(overrides));
}

/** The mapped message without the media's download function, for comparisons. */
function plain(message: InboundMessage | null) {
  if (!message?.media) return message;
  const { download: _download, ...media } = message.media;
  return { ...message, media };
}

/** The fixture as Baileys really hands it over: decoded from protobuf (Long timestamps, class instances), with the key Baileys builds. */
function decoded(message: WAMessage): WAMessage {
  const info = proto.WebMessageInfo.decode(proto.WebMessageInfo.encode(message).finish());
  return Object.assign(info, { key: message.key });
}

describe("mapInboundMessage", () => {
  it.each([
    ["text", fixtures.text, { kind: "chat", body: "Olá, gostaria de saber o horário de funcionamento" }],
    ["extended text with a quote", fixtures.extendedTextWithQuote, { kind: "chat", body: "Sim, pode ser amanhã às 10h https://exemplo.com.br/agenda", quotedWid: "3EB0A1B2C3D4E5F6A7B8C9" }],
    ["image with caption", fixtures.imageWithCaption, { kind: "image", body: "Foto do produto com defeito", media: { mimetype: "image/jpeg" } }],
    ["voice note", fixtures.pttAudio, { kind: "audio", body: "", media: { mimetype: "audio/ogg; codecs=opus" } }],
    ["video", fixtures.video, { kind: "video", body: "", media: { mimetype: "video/mp4" } }],
    ["document", fixtures.document, { kind: "document", body: "", media: { mimetype: "application/pdf", filename: "boleto-janeiro.pdf" } }],
    [
      "document with caption",
      fixtures.documentWithCaption,
      {
        kind: "document",
        body: "Segue o contrato assinado",
        media: { mimetype: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", filename: "contrato.docx" },
      },
    ],
    ["sticker", fixtures.sticker, { kind: "sticker", body: "", media: { mimetype: "image/webp" } }],
    [
      "location",
      fixtures.location,
      {
        kind: "location",
        body: "Museu de Arte de São Paulo\nAv. Paulista, 1578 - Bela Vista, São Paulo - SP",
        location: { latitude: -23.561414, longitude: -46.655881, description: "Museu de Arte de São Paulo\nAv. Paulista, 1578 - Bela Vista, São Paulo - SP" },
      },
    ],
    ["live location", fixtures.liveLocation, { kind: "location", body: "Estou chegando", location: { latitude: -22.951916, longitude: -43.210487, description: "Estou chegando" } }],
    [
      "contact card",
      fixtures.contactVcard,
      { kind: "vcard", body: "João Souza", vcard: { name: "João Souza", numbers: ["5521987654321", "552133334444"], raw: fixtures.JOAO_VCARD } },
    ],
    ["call log", fixtures.callLog, { kind: "call_log", body: "", call: { status: "timeout", isVideo: true } }],
    ["missed call", fixtures.missedCallStub, { kind: "call_log", body: "", call: { status: "timeout", isVideo: false } }],
    ["ephemeral wrapper", fixtures.ephemeralText, { kind: "chat", body: "Essa mensagem some em 7 dias" }],
    ["view-once wrapper", fixtures.viewOnceImage, { kind: "image", body: "Só uma vez", media: { mimetype: "image/jpeg" } }],
    ["poll (unknown kind)", fixtures.poll, { kind: "unknown", rawType: "pollCreationMessageV3", body: "Qual o melhor horário?" }],
    ["unknown kind without text", fixtures.unknownWithoutText, { kind: "unknown", rawType: "requestPhoneNumberMessage", body: "[requestPhoneNumberMessage]" }],
  ])("maps %s", (_name, message, expected) => {
    const mapped = map(message);
    expect(plain(mapped)).toMatchObject({ ...SCOPE, wid: message.key.id, fromMe: false, ...expected });
    // The same recorded message decoded from protobuf, as the library emits it, maps the same.
    expect(plain(map(decoded(message)))).toEqual(plain(mapped));
  });

  it("takes the customer, the name and the time from a person's message", () => {
    expect(map(fixtures.text)).toMatchObject({
      chat: { number: CUSTOMER, isGroup: false, name: "Maria Silva" },
      sender: { number: CUSTOMER, name: "Maria Silva" },
      timestamp: new Date("2026-01-01T00:00:00Z"),
    });
  });

  it("reads the Long timestamps the protobuf decoder produces", () => {
    const message = decoded(fixtures.text);
    expect(message.messageTimestamp).toMatchObject({ low: 1_767_225_600 });
    expect(map(message)?.timestamp).toEqual(new Date("2026-01-01T00:00:00Z"));
  });

  it("takes the phone number from remoteJidAlt when the chat is addressed by LID", () => {
    expect(map(fixtures.extendedTextWithQuote)).toMatchObject({ chat: { number: CUSTOMER }, sender: { number: CUSTOMER } });
  });

  it("maps a contacts array to every name and number", () => {
    const mapped = map(fixtures.contactsArray);
    expect(mapped).toMatchObject({
      kind: "vcard",
      body: "João Souza, Ana Lima",
      vcard: { name: "João Souza, Ana Lima", numbers: ["5521987654321", "552133334444", "5531912345678"] },
    });
    expect(mapped?.vcard?.raw).toContain("FN:Ana Lima");
  });

  it("maps a group message to the group and the participant, without device suffix", () => {
    expect(map(fixtures.groupMessage)).toMatchObject({
      chat: { number: "120363041234567890", isGroup: true },
      sender: { number: "5511977776666", name: "Carlos" },
      body: "Bom dia, pessoal! Alguém do suporte?",
    });
  });

  it("resolves a LID participant through the driver's mapping, else keeps the LID's digits", () => {
    const pnForLid = new Map([["98765432109876@lid", "5511955554444:0@s.whatsapp.net"]]);
    expect(map(fixtures.groupLidParticipant, { pnForLid })?.sender).toEqual({ number: "5511955554444", name: "Beatriz" });
    expect(map(fixtures.groupLidParticipant)?.sender).toEqual({ number: "98765432109876", name: "Beatriz" });
  });

  it("marks a message written on the company's phone fromMe, sent by the connection's number", () => {
    expect(map(fixtures.fromMe)).toMatchObject({
      fromMe: true,
      chat: { number: CUSTOMER, isGroup: false },
      sender: { number: "5511999990000" },
      body: "Bom dia! Seu pedido já saiu para entrega.",
    });
    // The company's own push name is not the customer's name.
    expect(map(fixtures.fromMe)?.chat.name).toBeUndefined();
  });

  it.each([
    ["a protocol message (revoke)", fixtures.protocolRevoke],
    ["a reaction", fixtures.reaction],
    ["a status broadcast", fixtures.statusBroadcast],
    ["a group notification stub", fixtures.groupStub],
    ["an undecryptable placeholder", fixtures.ciphertextStub],
    ["a message without content", { key: { remoteJid: "5511988887777@s.whatsapp.net", id: "X1", fromMe: false } }],
    ["a message without id", { key: { remoteJid: "5511988887777@s.whatsapp.net", fromMe: false }, message: { conversation: "oi" } }],
  ])("ignores %s", (_name, message) => {
    expect(map(message)).toBeNull();
  });

  it("downloads media lazily through the driver, with the whole message", async () => {
    const downloadMedia = vi.fn(async () => Buffer.from("jpeg bytes"));
    const mapped = map(fixtures.imageWithCaption, { downloadMedia });
    expect(downloadMedia).not.toHaveBeenCalled();
    await expect(mapped?.media?.download()).resolves.toEqual(Buffer.from("jpeg bytes"));
    expect(downloadMedia).toHaveBeenCalledWith(fixtures.imageWithCaption);
  });
});

describe("personNumber", () => {
  it.each([
    ["5511988887777@s.whatsapp.net", undefined, "5511988887777"],
    ["5511988887777:12@s.whatsapp.net", undefined, "5511988887777"],
    ["5511988887777@c.us", undefined, "5511988887777"],
    ["204748306993215@lid", "5511988887777@s.whatsapp.net", "5511988887777"],
    ["5511988887777@s.whatsapp.net", "204748306993215@lid", "5511988887777"],
    ["204748306993215:4@lid", undefined, "204748306993215"],
  ])("%s (alt %s) → %s", (jid, alt, expected) => {
    expect(personNumber(jid, alt)).toBe(expected);
  });
});

describe("parseVcard", () => {
  it("prefers FN, then the display name, then N; numbers from waid or the digits of the value", () => {
    expect(parseVcard(fixtures.JOAO_VCARD)).toEqual({ name: "João Souza", numbers: ["5521987654321", "552133334444"] });
    expect(parseVcard("BEGIN:VCARD\nN:Souza;João;;;\nTEL:+55 11 5555-0000\nEND:VCARD", "Joãozinho")).toEqual({ name: "Joãozinho", numbers: ["551155550000"] });
    expect(parseVcard("BEGIN:VCARD\nN:Souza;João;;;\nEND:VCARD")).toEqual({ name: "João Souza", numbers: [] });
  });

  it("joins folded lines", () => {
    expect(parseVcard("BEGIN:VCARD\r\nFN:Maria da Silva\r\n  Santos\r\nEND:VCARD").name).toBe("Maria da Silva Santos");
  });
});

describe("ack mapping", () => {
  it.each([
    // The spec's table (core §4): 1 and 2 single tick, 3 double tick, 4 and 5 double blue tick.
    [proto.WebMessageInfo.Status.PENDING, 1],
    [proto.WebMessageInfo.Status.SERVER_ACK, 2],
    [proto.WebMessageInfo.Status.DELIVERY_ACK, 3],
    [proto.WebMessageInfo.Status.READ, 4],
    [proto.WebMessageInfo.Status.PLAYED, 5],
    [proto.WebMessageInfo.Status.ERROR, null],
    [undefined, null],
  ])("status %s → ack %s", (status, ack) => {
    expect(ackOfStatus(status)).toBe(ack);
  });

  const update = (key: WAMessageUpdate["key"], status?: number): WAMessageUpdate => ({ key, update: status === undefined ? {} : { status } });

  it("turns a receipt of a message the company sent into an ack event", () => {
    expect(mapAckUpdate(update({ remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0AAA", fromMe: true }, proto.WebMessageInfo.Status.READ), SCOPE)).toEqual({
      type: "ack",
      ...SCOPE,
      wid: "3EB0AAA",
      ack: 4,
    });
  });

  it("ignores receipts of the customer's messages, updates without status, and status broadcasts", () => {
    expect(mapAckUpdate(update({ remoteJid: "5511988887777@s.whatsapp.net", id: "X", fromMe: false }, 4), SCOPE)).toBeNull();
    expect(mapAckUpdate(update({ remoteJid: "5511988887777@s.whatsapp.net", id: "X", fromMe: true }), SCOPE)).toBeNull();
    expect(mapAckUpdate(update({ remoteJid: "status@broadcast", id: "X", fromMe: true }, 3), SCOPE)).toBeNull();
  });
});

describe("mapOutboundMessage", () => {
  const base: OutboundMessage = { idempotencyKey: "message-42", to: CUSTOMER, isGroup: false, body: "Olá! Como posso ajudar?" };
  const media = (mimetype: string, extra: Partial<NonNullable<OutboundMessage["media"]>> = {}) => ({ path: "/data/media/abc123", mimetype, filename: "arquivo", ...extra });

  it("sends text to the person's JID with an id derived from the idempotency key", () => {
    const send = mapOutboundMessage(base);
    expect(send).toEqual({
      jid: "5511988887777@s.whatsapp.net",
      content: { text: "Olá! Como posso ajudar?" },
      options: { messageId: send.messageId },
      messageId: send.messageId,
    });
    expect(send.messageId).toMatch(/^3EB0[0-9A-F]{18}$/);
  });

  it("derives the same id for a retried send and another for another message", () => {
    expect(messageIdOf("message-42")).toBe(mapOutboundMessage(base).messageId);
    expect(messageIdOf("message-43")).not.toBe(messageIdOf("message-42"));
  });

  it("addresses groups by their id and strips formatting from numbers", () => {
    expect(mapOutboundMessage({ ...base, to: "120363041234567890", isGroup: true }).jid).toBe("120363041234567890@g.us");
    expect(mapOutboundMessage({ ...base, to: "+55 (11) 98888-7777" }).jid).toBe("5511988887777@s.whatsapp.net");
  });

  it.each([
    ["an image with its caption", media("image/jpeg"), { image: { url: "/data/media/abc123" }, mimetype: "image/jpeg", caption: "Olá! Como posso ajudar?" }],
    ["a video", media("video/mp4"), { video: { url: "/data/media/abc123" }, mimetype: "video/mp4", caption: "Olá! Como posso ajudar?" }],
    [
      "a video WhatsApp does not play as a document",
      media("video/quicktime", { filename: "clip.mov" }),
      { document: { url: "/data/media/abc123" }, mimetype: "video/quicktime", fileName: "clip.mov", caption: "Olá! Como posso ajudar?" },
    ],
    [
      "a document with its file name",
      media("application/pdf", { filename: "orcamento.pdf" }),
      { document: { url: "/data/media/abc123" }, mimetype: "application/pdf", fileName: "orcamento.pdf", caption: "Olá! Como posso ajudar?" },
    ],
    ["a recorded Ogg audio as a voice note", media("audio/ogg", { asVoice: true }), { audio: { url: "/data/media/abc123" }, mimetype: "audio/ogg; codecs=opus", ptt: true }],
    ["an audio file as audio", media("audio/mpeg"), { audio: { url: "/data/media/abc123" }, mimetype: "audio/mpeg", ptt: false }],
  ])("sends %s", (_name, outboundMedia, content) => {
    expect(mapOutboundMessage({ ...base, media: outboundMedia }).content).toEqual(content);
  });

  it("does not repeat the file name as a caption", () => {
    expect(mapOutboundMessage({ ...base, body: "orcamento.pdf", media: media("application/pdf", { filename: "orcamento.pdf" }) }).content).not.toHaveProperty("caption");
  });

  it("quotes the replied message by its key", () => {
    const send = mapOutboundMessage({ ...base, to: "120363041234567890", isGroup: true, quoted: { wid: "3EB0QUOTED", fromMe: false, body: "Qual o prazo?", participant: "5511977776666" } });
    expect(send.options.quoted).toEqual({
      key: { remoteJid: "120363041234567890@g.us", id: "3EB0QUOTED", fromMe: false, participant: "5511977776666@s.whatsapp.net" },
      message: { conversation: "Qual o prazo?" },
    });
    expect(mapOutboundMessage({ ...base, quoted: { wid: "3EB0MINE", fromMe: true, body: "Enviado", participant: null } }).options.quoted?.key).toEqual({
      remoteJid: "5511988887777@s.whatsapp.net",
      id: "3EB0MINE",
      fromMe: true,
    });
  });
});
