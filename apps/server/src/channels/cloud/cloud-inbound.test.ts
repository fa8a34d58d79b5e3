import { describe, expect, it } from "vitest";
import { ZCloudChangeValue } from "@conversa/shared";
import { idempotencyKeyOf, messageIdOfIdempotencyKey } from "../../engine/outbound.ts";
import { inboundMessagesOf, statusUpdatesOf } from "./cloud-inbound.ts";

const target = { companyId: 7, connectionId: 3 };
const noMedia = async (): Promise<Buffer> => {
  throw new Error("no media in this test");
};
const value = (input: unknown) => ZCloudChangeValue.parse(input);

describe("statusUpdatesOf", () => {
  it.each([
    ["sent", 1],
    ["delivered", 2],
    ["read", 3],
  ])("maps %s to ack %i", (status, ack) => {
    expect(statusUpdatesOf(value({ statuses: [{ id: "wamid.A", status }] }))).toEqual([{ type: "ack", wid: "wamid.A", ack }]);
  });

  it("leaves out statuses the product has no ack for", () => {
    expect(statusUpdatesOf(value({ statuses: [{ id: "wamid.A", status: "deleted" }, { id: "wamid.B", status: "warning" }] }))).toEqual([]);
  });

  it("gives a failed status a readable reason with Meta's code, and carries the send's key", () => {
    const [update] = statusUpdatesOf(value({ statuses: [{ id: "wamid.F", status: "failed", biz_opaque_callback_data: "CV7X0000000A", errors: [{ code: 131026, title: "Message undeliverable" }] }] }));
    expect(update).toEqual({ type: "failed", wid: "wamid.F", reason: "Message undeliverable (131026)", idempotencyKey: "CV7X0000000A" });
    const [bare] = statusUpdatesOf(value({ statuses: [{ id: "wamid.G", status: "failed" }] }));
    expect(bare).toEqual({ type: "failed", wid: "wamid.G", reason: "WhatsApp could not deliver the message" });
  });
});

describe("inboundMessagesOf", () => {
  const message = (extra: Record<string, unknown>) => ({ id: "wamid.M", from: "+55 11 98888-7777", timestamp: "1795900000", ...extra });

  it("names the sender by the contacts entry of the same wa_id, and reads the timestamp in seconds", () => {
    const [out] = inboundMessagesOf(
      value({ contacts: [{ wa_id: "5511988887777", profile: { name: "Ana" } }], messages: [message({ type: "text", text: { body: "oi" } })] }),
      target,
      noMedia,
    );
    expect(out).toMatchObject({ ...target, wid: "wamid.M", fromMe: false, chat: { number: "5511988887777", isGroup: false, name: "Ana" }, sender: { number: "5511988887777", name: "Ana" }, kind: "chat", body: "oi" });
    expect(out?.timestamp.toISOString()).toBe(new Date(1795900000 * 1000).toISOString());
  });

  it("keeps no NUL character of what the phone sent", () => {
    const [out] = inboundMessagesOf(value({ messages: [message({ type: "text", text: { body: "a\u0000b" } })] }), target, noMedia);
    expect(out?.body).toBe("ab");
  });

  it("stores a type whose part is missing or malformed as unknown, with its raw type", () => {
    const out = inboundMessagesOf(value({ messages: [message({ type: "image" }), message({ id: "wamid.N", type: "location", location: { latitude: "x" } })] }), target, noMedia);
    expect(out.map((m) => [m.kind, m.rawType, m.body])).toEqual([
      ["unknown", "image", "[image]"],
      ["unknown", "location", "[location]"],
    ]);
  });
});

describe("messageIdOfIdempotencyKey", () => {
  it.each([
    [1, 1],
    [26, 4095],
    [123456, 987654321],
  ])("reads back company %i and message %i", (companyId, messageId) => {
    expect(messageIdOfIdempotencyKey(idempotencyKeyOf(companyId, messageId))).toEqual({ companyId, messageId });
  });

  it.each(["", "CV1X1", "cv1x00000001", "CV0X00000001", "CV1X00000000", "CV01X00000001", "wamid.ABC", "CV1X00000001 "])("answers nothing for %j", (key) => {
    expect(messageIdOfIdempotencyKey(key)).toBeUndefined();
  });
});
