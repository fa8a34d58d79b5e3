import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { logIn, pairSimulator, tokenOf } from "./helpers.ts";

interface ConnectionRow {
  id: number;
  name: string;
  provider: string;
  status: string;
  greetingMessage: string;
  queues: { id: number }[];
}

test.describe("external message API", () => {
  test("an admin sends a text from the /messages-api test form: the simulator's customer gets it and the ticket shows in /tickets", async ({ browser }) => {
    test.setTimeout(180_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await admin.context().newPage();
    try {
      await logIn(admin);
      await pairSimulator(simulator);

      // The connection's API token, set through the API with the admin's session (the connections page's "Gerar token" does the same).
      const headers = { authorization: `Bearer ${await tokenOf(admin)}`, accept: "application/json" };
      const connections: ConnectionRow[] = await (await admin.request.get("/whatsapp", { headers })).json();
      const connection = connections.find((row) => row.provider === "simulator" && row.status === "CONNECTED");
      if (!connection) throw new Error(`no connected simulator connection: ${JSON.stringify(connections)}`);
      const token = `e2e-${randomBytes(24).toString("base64url")}`;
      const saved = await admin.request.put(`/whatsapp/${connection.id}`, {
        headers,
        data: { name: connection.name, greetingMessage: connection.greetingMessage, queueIds: connection.queues.map((queue) => queue.id), token },
      });
      expect(saved.status(), await saved.text()).toBe(200);

      const number = `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
      const body = `Seu pedido saiu para entrega ${Math.random().toString(36).slice(2, 7)}`;

      await admin.goto("/messages-api");
      await expect(admin.getByRole("heading", { name: "API de mensagens", level: 1 })).toBeVisible();
      await expect(admin.getByRole("heading", { name: "Mensagens de texto" })).toBeVisible();
      await expect(admin.getByRole("heading", { name: "Mensagens de mídia" })).toBeVisible();
      await expect(admin.getByLabel("Exemplo de envio de texto")).toContainText("/api/messages/send");

      const form = admin.getByRole("form", { name: "Teste de envio de texto" });
      await form.getByRole("textbox", { name: /^Token/ }).fill(token);
      // A number with a mask is refused by the form before anything is sent.
      await form.getByRole("textbox", { name: /^Número/ }).fill("+55 (11) 98888-7777");
      await form.getByRole("textbox", { name: /^Mensagem/ }).fill(body);
      await form.getByRole("button", { name: "Enviar" }).click();
      await expect(form.getByText("Use só dígitos: país + DDD + número (8 a 15 dígitos)")).toBeVisible();

      await form.getByRole("textbox", { name: /^Número/ }).fill(number);
      await form.getByRole("button", { name: "Enviar" }).click();
      await expect(form.getByText("Mensagem enviada")).toBeVisible({ timeout: 15_000 });
      await expect(form.getByLabel("Resposta da API")).toContainText("HTTP 200");
      await expect(form.getByLabel("Resposta da API")).toContainText('"ticketCreated": true');

      // A wrong token: the API's answer is shown, and the admin's own session is untouched.
      const media = admin.getByRole("form", { name: "Teste de envio de mídia" });
      await media.getByRole("textbox", { name: /^Token/ }).fill(`${token}-wrong`);
      await media.getByRole("textbox", { name: /^Número/ }).fill(number);
      await media.getByRole("button", { name: "Enviar" }).click();
      await expect(media.getByText("Escolha ao menos um arquivo")).toBeVisible();
      await media.getByLabel("Arquivos").setInputFiles({ name: "nota.png", mimeType: "image/png", buffer: Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex") });
      await media.getByRole("button", { name: "Enviar" }).click();
      await expect(media.getByText("A API recusou o envio (HTTP 401)")).toBeVisible({ timeout: 15_000 });
      await expect(media.getByLabel("Resposta da API")).toContainText("ERR_INVALID_API_TOKEN");
      await expect(admin).toHaveURL(/\/messages-api$/);

      // The customer's phone on the simulator page receives the text.
      await simulator.bringToFront();
      await simulator.getByRole("button", { name: new RegExp(number) }).click({ timeout: 15_000 });
      await expect(simulator.getByText(body).first()).toBeVisible({ timeout: 15_000 });

      // The conversation is in the inbox, waiting, with the text as its last message.
      await admin.bringToFront();
      await admin.goto("/tickets");
      await admin.getByRole("tab", { name: /^Aguardando/ }).click();
      await expect(admin.getByText(body).first()).toBeVisible({ timeout: 15_000 });
    } finally {
      await admin.context().close();
    }
  });
});
