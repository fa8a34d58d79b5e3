import { describe, expect, it } from "vitest";
import { message } from "../testing/fixtures.ts";
import { captionOf, contactCardOf, isVideoCall, locationOf, mapUrlOf, parseVcard } from "./message-content.ts";

describe("locationOf", () => {
  it("reads the location details", () => {
    expect(locationOf(message({ mediaType: "location", data: { location: { latitude: -23.5, longitude: -46.6, description: "Loja" } } }))).toEqual({
      latitude: -23.5,
      longitude: -46.6,
      description: "Loja",
    });
  });

  it("falls back on a 'lat, lng' body and answers null otherwise", () => {
    expect(locationOf(message({ body: "-23.5, -46.6" }))).toEqual({ latitude: -23.5, longitude: -46.6, description: null });
    expect(locationOf(message({ body: "perto da praça" }))).toBeNull();
  });

  it("links to a map at the coordinates", () => {
    expect(mapUrlOf({ latitude: -23.5, longitude: -46.6 })).toBe("https://www.openstreetmap.org/?mlat=-23.500000&mlon=-46.600000#map=16/-23.500000/-46.600000");
  });
});

describe("contactCardOf", () => {
  it("reads the card details, numbers as digits", () => {
    expect(contactCardOf(message({ data: { vcard: { name: "João", numbers: ["+55 (11) 99999-0000"], raw: "" } } }))).toEqual({ name: "João", numbers: ["5511999990000"] });
  });

  it("parses a vCard body", () => {
    const body = "BEGIN:VCARD\nVERSION:3.0\nFN:Maria Silva\nitem1.TEL;waid=5511988887777:+55 11 98888-7777\nTEL;TYPE=CELL:(21) 3333-4444\nEND:VCARD";
    expect(contactCardOf(message({ body }))).toEqual({ name: "Maria Silva", numbers: ["5511988887777", "2133334444"] });
  });

  it("uses a plain body as the name", () => {
    expect(contactCardOf(message({ body: "Pedro" }))).toEqual({ name: "Pedro", numbers: [] });
  });

  it("answers null for text that is not a vCard", () => {
    expect(parseVcard("FN:x")).toBeNull();
  });
});

describe("isVideoCall", () => {
  it("tells video calls from voice calls", () => {
    expect(isVideoCall(message({ data: { call: { status: "missed", isVideo: true } } }))).toBe(true);
    expect(isVideoCall(message({ data: { call: { status: "missed", isVideo: false } } }))).toBe(false);
    expect(isVideoCall(message({ data: null }))).toBe(false);
  });
});

describe("captionOf", () => {
  it("hides a body that only repeats the file name", () => {
    expect(captionOf(message({ mediaType: "application", mediaUrl: "/media/abc.pdf", mediaName: "boleto.pdf", body: "boleto.pdf" }))).toBe("");
  });

  it("shows nothing for a location, a contact card or a call, whose body only describes them", () => {
    expect(captionOf(message({ mediaType: "location", body: "Av. Paulista" }))).toBe("");
    expect(captionOf(message({ mediaType: "vcard", body: "João Silva" }))).toBe("");
    expect(captionOf(message({ mediaType: "call_log", body: "Chamada" }))).toBe("");
  });

  it("keeps a real caption and the body of text messages", () => {
    expect(captionOf(message({ mediaType: "image", mediaUrl: "/media/a.jpg", mediaName: "a.jpg", body: "Veja a foto" }))).toBe("Veja a foto");
    expect(captionOf(message({ body: "Oi" }))).toBe("Oi");
  });
});
