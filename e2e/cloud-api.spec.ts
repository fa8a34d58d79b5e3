import { createHmac } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createCompanyViaApi, logIn } from "./helpers.ts";
import { FAKE_GRAPH_URL } from "./playwright.config.ts";

const PHONE_NUMBER_ID = "1000000001";
const BUSINESS_ACCOUNT_ID = "2000000002";
/** The token the fake Graph API accepts (apps/server/test/fake-graph.ts). */
const ACCESS_TOKEN = "fake-token";
const WINDOW_MS = 24 * 60 * 60 * 1000;

interface GraphRequest {
  method: string;
  path: string;
  body: unknown;
}

/** What the fake Graph API received so far. */
async function graphRequests(request: APIRequestContext): Promise<GraphRequest[]> {
  const answer = await request.get(`${FAKE_GRAPH_URL}/__requests`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as GraphRequest[];
}

/** The messages the fake received for a number (sends, not read receipts). */
async function sentTo(request: APIRequestContext, number: string): Promise<Record<string, unknown>[]> {
  return (await graphRequests(request))
    .filter((entry) => entry.method === "POST" && entry.path === `/${PHONE_NUMBER_ID}/messages`)
    .map((entry) => entry.body as Record<string, unknown>)
    .filter((body) => body.to === number);
}

/** Posts a customer's text message to the connection's webhook as Meta does: signed with the app secret. */
async function customerWrites(request: APIRequestContext, webhookUrl: string, appSecret: string, message: { from: string; name: string; text: string; sentAt: Date }) {
  const id = `wamid.E2E${Math.random().toString(36).slice(2, 12)}`;
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: BUSINESS_ACCOUNT_ID,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550000000", phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: message.name }, wa_id: message.from }],
              messages: [{ from: message.from, id, timestamp: String(Math.floor(message.sentAt.getTime() / 1000)), type: "text", text: { body: message.text } }],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
  const answer = await request.post(webhookUrl, { data: body, headers: { "content-type": "application/json", "x-hub-signature-256": signature } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe("the official WhatsApp line", () => {
  test("an admin connects a Cloud API number, answers a customer inside the window, and sends a template once it closes", async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = Math.random().toString(36).slice(2, 8);
    const admin = await createCompanyViaApi(request, `Linha Oficial ${tag}`, `oficial-${tag}@example.com`);
    const appSecret = `segredo-do-app-${tag}`;
    const customer = { number: `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`, name: `Cliente Oficial ${tag}` };
    await logIn(page, admin.email, admin.password);

    // The connection: ids and secrets from Meta's app, then the webhook's details to paste there.
    await page.goto("/connections");
    await page.getByRole("button", { name: "Adicionar conexão" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar conexão" });
    await dialog.getByRole("textbox", { name: "Nome" }).fill(`Oficial ${tag}`);
    await dialog.getByRole("combobox", { name: "Tipo de conexão" }).click();
    await page.getByRole("option", { name: "WhatsApp Cloud API (oficial)" }).click();
    await dialog.getByRole("textbox", { name: /Identificação do número de telefone/ }).fill(PHONE_NUMBER_ID);
    await dialog.getByRole("textbox", { name: /Identificação da conta do WhatsApp Business/ }).fill(BUSINESS_ACCOUNT_ID);
    await dialog.getByLabel(/Token de acesso/).fill(ACCESS_TOKEN);
    await dialog.getByLabel(/Chave secreta do app/).fill(appSecret);
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    const edit = page.getByRole("dialog", { name: "Editar conexão" });
    await expect(edit.getByText("Conexão criada. Agora configure o webhook na Meta com os dados abaixo.")).toBeVisible();
    const webhookUrl = await edit.getByRole("textbox", { name: "URL de retorno" }).inputValue();
    const verifyToken = await edit.getByRole("textbox", { name: "Token de verificação" }).inputValue();
    expect(webhookUrl).toMatch(/\/webhooks\/whatsapp-cloud\/[A-Za-z0-9_-]{20,}$/);
    await edit.getByRole("button", { name: "Cancelar" }).click();

    // Meta's subscription handshake, then the session: checked against the Graph API, connected without a QR code.
    const handshake = await request.get(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=4242`);
    expect(await handshake.text()).toBe("4242");
    await expect(page.getByRole("row", { name: new RegExp(`Oficial ${tag}`) }).getByText("Conectado")).toBeVisible({ timeout: 15_000 });

    // The customer wrote 23 h 50 min ago (Meta's timestamp): the window closes in 10 minutes, time enough for the
    // reply on any machine. The page runs on a clock the test moves, so that the window can close without waiting.
    await customerWrites(request, webhookUrl, appSecret, { from: customer.number, name: customer.name, text: "Olá, meu pedido chegou?", sentAt: new Date(Date.now() - WINDOW_MS + 10 * 60_000) });
    await page.clock.install();
    await page.goto("/tickets");
    await page.getByRole("tab", { name: /^Aguardando/ }).click();
    await page.getByRole("button", { name: new RegExp(`Aceitar o atendimento de ${customer.name}`) }).click({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const bar = page.getByRole("status", { name: "Janela de atendimento de 24 horas" });
    await expect(bar).toContainText(/Janela de 24 h aberta: fecha em (9|10) minutos/);

    const input = page.getByRole("textbox", { name: "Mensagem" });
    await input.fill("Chegou sim! Posso ajudar em algo mais?");
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect.poll(async () => (await sentTo(request, customer.number)).length, { timeout: 15_000 }).toBe(1);
    expect((await sentTo(request, customer.number))[0]).toMatchObject({ type: "text", text: { body: expect.stringContaining("Chegou sim! Posso ajudar em algo mais?") } });

    // The window closes: free text is refused, and a template is offered instead.
    await page.clock.fastForward("10:00");
    await expect(bar).toContainText("A janela de 24 h está fechada");
    await expect(input).toBeDisabled();
    await bar.getByRole("button", { name: "Enviar modelo" }).click();
    const templates = page.getByRole("dialog", { name: "Enviar modelo de mensagem" });
    // A connection made a moment ago: its templates are fetched from Meta now (otherwise once a day).
    await expect(templates.getByText(/Nenhum modelo aprovado nesta conexão/)).toBeVisible();
    await templates.getByRole("button", { name: "Atualizar da Meta" }).click();
    await templates.getByRole("combobox", { name: "Modelo" }).click();
    await page.getByRole("option", { name: /boas_vindas/ }).click();
    await templates.getByRole("combobox", { name: "Preencher com" }).click();
    await page.getByRole("option", { name: "Nome do contato" }).click();
    await expect(templates.getByTestId("template-preview")).toHaveText(`Olá ${customer.name}`);
    await templates.getByRole("button", { name: "Enviar modelo" }).click();
    await expect(templates).toBeHidden();

    await expect.poll(async () => (await sentTo(request, customer.number)).length, { timeout: 15_000 }).toBe(2);
    expect((await sentTo(request, customer.number))[1]).toMatchObject({
      type: "template",
      template: { name: "boas_vindas", language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: customer.name }] }] },
    });
    await expect(page.getByText(`Olá ${customer.name}`).first()).toBeVisible();
  });
});
