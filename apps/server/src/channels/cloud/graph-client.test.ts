import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeGraph, signWebhook, type FakeGraph } from "../../../test/fake-graph.js";
import { GraphClient, GraphError } from "./graph-client.js";

describe("Graph client against the fake Graph API", () => {
  let fake: FakeGraph;
  beforeEach(async () => {
    fake = await startFakeGraph({ accessToken: "tok", phoneNumberId: "111" });
  });
  afterEach(async () => {
    await fake.close();
  });

  it("reads the phone number with the bearer token", async () => {
    const client = new GraphClient({ baseUrl: fake.url, accessToken: "tok" });
    await expect(client.phoneNumber("111")).resolves.toMatchObject({ id: "111", display_phone_number: "+55 11 99999-0000" });
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/111" });
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer tok");
  });

  it("maps a wrong token, a wrong id and a programmed error to GraphError", async () => {
    const wrong = new GraphClient({ baseUrl: fake.url, accessToken: "bad" });
    const auth = await wrong.phoneNumber("111").catch((error: unknown) => error);
    expect(auth).toBeInstanceOf(GraphError);
    expect((auth as GraphError).isAuth).toBe(true);
    const client = new GraphClient({ baseUrl: fake.url, accessToken: "tok" });
    await expect(client.phoneNumber("999")).rejects.toMatchObject({ status: 404, code: 100 });
    fake.failNext("/111/messages", { status: 400, error: { code: 131047, message: "Re-engagement message", error_data: { details: "More than 24 hours" } } });
    await expect(client.sendMessage("111", { to: "5511", type: "text", text: { body: "oi" } })).rejects.toMatchObject({ code: 131047, details: "More than 24 hours" });
    await expect(client.sendMessage("111", { to: "5511", type: "text", text: { body: "oi" } })).resolves.toMatchObject({ messages: [{ id: expect.stringMatching(/^wamid\./) as unknown }] });
  });

  it("uploads and downloads media, lists templates, signs webhooks", async () => {
    const client = new GraphClient({ baseUrl: fake.url, accessToken: "tok" });
    const { id } = await client.uploadMedia("111", new Uint8Array([1, 2, 3]), "image/png", "a.png");
    expect(id).toBeTruthy();
    expect(fake.requests.at(-1)!.body).toMatchObject({ messaging_product: "whatsapp", file: { name: "a.png", size: 3 } });
    fake.media.set("m1", { data: Buffer.from("hello"), mimeType: "text/plain" });
    const info = await client.mediaInfo("m1");
    const downloaded = await client.downloadMedia(info.url, 100);
    expect(Buffer.from(downloaded.data).toString()).toBe("hello");
    await expect(client.downloadMedia(info.url, 2)).rejects.toBeInstanceOf(GraphError);
    await expect(client.templates("waba")).resolves.toMatchObject({ data: [{ name: "boas_vindas" }] });
    expect(signWebhook("{}", "s")).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
