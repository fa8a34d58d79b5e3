import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Page, expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator, tokenOf, waitingRow } from "./helpers.ts";

const HANDOVER_PHRASE = "Ação: Transferir para o setor de atendimento";
const GREETING_ANSWER = "Olá! Sou o assistente virtual de Vendas. Em que posso ajudar?";
const PRICE_ANSWER = "O plano Essencial custa R$ 99 por mês, com 3 conexões.";
const HANDOVER_ANSWER = `Claro, vou chamar uma pessoa da equipe. ${HANDOVER_PHRASE}`;
const SUMMARY = "Cliente quer contratar o plano Essencial e falar com uma pessoa.\nJá soube o preço; falta o atendimento humano.";
const SYSTEM_PROMPT = "Você é o assistente de vendas da loja. Responda em português, com frases curtas.";

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/**
 * A model server speaking the OpenAI chat-completions protocol on this machine, with fixed answers:
 * the summary when asked for one, the hand-over phrase when the customer asks for a person, the price
 * when asked for it, a greeting otherwise. It keeps every request it was sent.
 */
async function startModelServer(): Promise<{ baseUrl: string; requests: ChatRequest[]; close: () => Promise<void> }> {
  const requests: ChatRequest[] = [];
  const answer = (request: ChatRequest): string => {
    if (request.messages[0]?.content.startsWith("Resuma a conversa")) return SUMMARY;
    const last = [...request.messages].reverse().find((message) => message.role === "user")?.content.toLowerCase() ?? "";
    if (last.includes("pessoa")) return HANDOVER_ANSWER;
    if (last.includes("custa")) return PRICE_ANSWER;
    return GREETING_ANSWER;
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
      requests.push(request);
      const completion = { id: `chatcmpl-${requests.length}`, object: "chat.completion", model: request.model, choices: [{ index: 0, message: { role: "assistant", content: answer(request) }, finish_reason: "stop" }] };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Calls the API with the session of `page`; answers the JSON. */
async function api<T>(page: Page, method: string, path: string): Promise<T> {
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

test.describe("AI prompts", () => {
  test("a prompt made on /prompts answers the customers of Vendas, and hands a customer who asks for a person over to people with a summary", async ({ browser }) => {
    test.setTimeout(180_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const promptName = `Robô de Vendas ${suffix}`;
    const customer = `Cliente IA ${suffix}`;
    const number = `55117${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const model = await startModelServer();
    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await admin.context().newPage();
    let promptId: number | undefined;
    try {
      await logIn(admin);

      // The admin writes the prompt for Vendas on /prompts, pointing at the model server.
      await admin.goto("/prompts");
      await admin.getByRole("button", { name: "Adicionar prompt" }).click();
      const dialog = admin.getByRole("dialog", { name: "Adicionar prompt" });
      await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(promptName);
      await dialog.getByRole("textbox", { name: "Prompt", exact: true }).fill(SYSTEM_PROMPT);
      await dialog.getByRole("combobox", { name: "Setor" }).click();
      await admin.getByRole("option", { name: "Vendas", exact: true }).click();
      await dialog.getByRole("textbox", { name: "Modelo", exact: true }).fill("modelo-local");
      await dialog.getByRole("textbox", { name: "Servidor do modelo (opcional)" }).fill(model.baseUrl);
      await dialog.getByRole("button", { name: "Adicionar" }).click();
      await expect(dialog).toHaveCount(0);
      const row = admin.getByRole("row", { name: new RegExp(promptName) });
      await expect(row).toContainText("Vendas");
      const listed = await api<{ prompts: { id: number; name: string }[] }>(admin, "GET", `/prompt?searchParam=${encodeURIComponent(suffix)}`);
      promptId = listed.prompts.find((prompt) => prompt.name === promptName)?.id;

      // Vendas is answered by that prompt ("Robô do setor" in the queue's dialog).
      await admin.goto("/queues");
      await admin.getByRole("button", { name: "Editar: Vendas" }).click();
      const queueDialog = admin.getByRole("dialog");
      await queueDialog.getByRole("combobox", { name: "Robô do setor" }).click();
      await admin.getByRole("option", { name: promptName }).click();
      await queueDialog.getByRole("button", { name: "Salvar" }).click();
      await expect(queueDialog).toHaveCount(0);

      // The customer picks Vendas on the simulator and is answered by the model.
      await pairSimulator(simulator);
      const chat = simulator.getByRole("list", { name: `Conversa com ${customer}` });
      await customerSays(simulator, number, customer, "Olá, boa tarde");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      // Vendas greets first; the prompt answers from the customer's next message on.
      await expect(chat.getByText(/Você está na fila de Vendas/)).toBeVisible({ timeout: 20_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("Tudo bem?");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(chat.getByText(GREETING_ANSWER)).toBeVisible({ timeout: 20_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("Quanto custa o plano Essencial?");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(chat.getByText(PRICE_ANSWER)).toBeVisible({ timeout: 20_000 });
      // The model got the prompt as its system text and the conversation so far.
      const priced = model.requests.find((request) => request.messages.some((message) => message.content === "Quanto custa o plano Essencial?"));
      expect(priced?.messages[0]).toEqual({ role: "system", content: SYSTEM_PROMPT });
      expect(priced?.messages).toContainEqual({ role: "assistant", content: GREETING_ANSWER });
      expect(priced?.model).toBe("modelo-local");

      // Asked for a person, the model hands over: the customer reads the reply without the phrase.
      await simulator.getByLabel("Mensagem", { exact: true }).fill("Quero falar com uma pessoa, por favor");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(chat.getByText("Claro, vou chamar uma pessoa da equipe.", { exact: true })).toBeVisible({ timeout: 20_000 });

      // The ticket waits in Vendas for a person, out of the bot phase.
      await admin.goto("/tickets");
      await admin.getByRole("tab", { name: /^Aguardando/ }).click();
      const item = await waitingRow(admin, new RegExp(customer));
      await expect(item).toContainText("Vendas");
      const tickets = await api<{ tickets: { status: string; chatbot: boolean; queue: { name: string } | null; contact: { name: string } }[] }>(
        admin,
        "GET",
        `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(customer)}`,
      );
      expect(tickets.tickets.find((ticket) => ticket.contact.name === customer)).toMatchObject({ status: "pending", chatbot: false, queue: { name: "Vendas" } });

      // The attendant who takes it reads the summary at the top of the conversation.
      await item.getByRole("button", { name: `Aceitar o atendimento de ${customer}` }).click();
      await expect(admin).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
      const summary = admin.getByTestId("bot-summary");
      await expect(summary).toContainText("Resumo do robô", { timeout: 15_000 });
      await expect(summary).toContainText("Cliente quer contratar o plano Essencial e falar com uma pessoa.");
      await expect(summary).toContainText("Já soube o preço; falta o atendimento humano.");
      await expect(admin.getByText(PRICE_ANSWER).last()).toBeVisible();

      // The hand-over phrase reached neither the customer nor the conversation.
      await expect(simulator.getByText(HANDOVER_PHRASE)).toHaveCount(0);
      await expect(admin.getByText(HANDOVER_PHRASE)).toHaveCount(0);
      // After the hand-over, the customer's messages go to people: the model is not asked again.
      const asked = model.requests.length;
      await simulator.getByLabel("Mensagem", { exact: true }).fill("Obrigado!");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(admin.getByText("Obrigado!").last()).toBeVisible({ timeout: 15_000 });
      expect(model.requests.length).toBe(asked);
    } finally {
      // Deleting the prompt takes it off Vendas, so that the other specs see the seeded queue as it was.
      if (promptId !== undefined) await api(admin, "DELETE", `/prompt/${promptId}`).catch(() => undefined);
      await admin.context().close();
      await model.close();
    }
  });
});
