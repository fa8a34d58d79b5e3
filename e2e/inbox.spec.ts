import { type Page, expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";

/** Pairs the seeded simulator connection by "scanning" its QR code on the simulator page. */
async function pairSimulator(simulator: Page): Promise<void> {
  await simulator.goto("/simulator");
  await expect(simulator.getByRole("heading", { name: "Simulador de WhatsApp" })).toBeVisible();
  const connected = simulator.getByText("Conectado", { exact: true }).first();
  if (await connected.isVisible().catch(() => false)) return;
  await expect(simulator.getByLabel("QR Code mostrado")).toBeVisible({ timeout: 15_000 });
  await simulator.getByLabel("Número do celular que lê o QR Code").fill("5511955550000");
  await simulator.getByRole("button", { name: "Ler com este número" }).click();
  await expect(connected).toBeVisible({ timeout: 15_000 });
}

async function customerSays(simulator: Page, number: string, name: string, text: string): Promise<void> {
  await simulator.getByLabel("Número do cliente").fill(number);
  await simulator.getByLabel("Nome do cliente").fill(name);
  await simulator.getByLabel("Mensagem", { exact: true }).fill(text);
  await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
}

test.describe("connections and the inbox", () => {
  test("the admin connects the simulator by scanning its QR, a customer writes, and the ticket appears live", async ({ browser }) => {
    const attendant = await browser.newPage();
    const simulator = await browser.newPage();
    try {
      await logIn(attendant);
      await attendant.goto("/connections");
      await expect(attendant.getByText("Simulador", { exact: true }).first()).toBeVisible();

      await pairSimulator(simulator);
      await expect(attendant.getByText("Conectado").first()).toBeVisible({ timeout: 15_000 });

      await attendant.goto("/tickets");
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await customerSays(simulator, "5511987650001", "Beatriz Cliente", "Olá, quero saber do meu pedido");

      const row = attendant.getByRole("listitem", { name: /Beatriz Cliente/ });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row).toContainText("Olá, quero saber do meu pedido");

      // The bot answered with the connection's greeting and the queue menu.
      await expect(simulator.getByText(/\[ 1 \]\* - Vendas|Vendas/).first()).toBeVisible({ timeout: 15_000 });
    } finally {
      await attendant.close();
      await simulator.close();
    }
  });
});
