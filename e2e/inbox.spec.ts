import { expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator, setSetting } from "./helpers.ts";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082",
  "hex",
);

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
      await expect(row).toContainText("Sem fila");

      // The bot answered with the connection's greeting and the queue menu.
      await expect(simulator.getByText(/\[ 1 \]\* - Vendas|Vendas/).first()).toBeVisible({ timeout: 15_000 });
    } finally {
      await attendant.close();
      await simulator.close();
    }
  });

  test("the attendant accepts, replies with a quick reply and an image, transfers, resolves, and the rating flow runs", async ({ browser }) => {
    test.setTimeout(120_000);
    const attendant = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const simulator = await browser.newPage();
    try {
      await logIn(attendant);
      await pairSimulator(simulator);
      await setSetting(attendant, "userRating", "enabled");

      await customerSays(simulator, "5511987650002", "Carlos Jornada", "Preciso de ajuda");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();

      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      const row = attendant.getByRole("listitem", { name: /Carlos Jornada/ });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row).toContainText("Vendas");
      await row.getByRole("button", { name: /Aceitar o atendimento de Carlos Jornada/ }).click();
      await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);

      const input = attendant.getByRole("textbox", { name: "Mensagem" });
      await expect(input).toBeEnabled({ timeout: 15_000 });
      await input.fill("/bom");
      await attendant.getByRole("option", { name: /bomdia/ }).click();
      await expect(input).toHaveValue("Bom dia! Como posso ajudar?");
      await attendant.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(attendant.getByText("Bom dia! Como posso ajudar?").first()).toBeVisible();

      await attendant.locator("input[type=file]").setInputFiles({ name: "catalogo.png", mimeType: "image/png", buffer: PNG });
      await attendant.getByRole("button", { name: "Enviar", exact: true }).click();

      // The customer sees both on the simulator page.
      await expect(simulator.getByText(/Bom dia! Como posso ajudar\?/).first()).toBeVisible({ timeout: 15_000 });
      await expect(simulator.getByRole("img", { name: /catalogo\.png/ }).first()).toBeVisible({ timeout: 15_000 });

      // Transfer to another queue: the ticket goes back to waiting without an attendant.
      await attendant.getByRole("button", { name: "Transferir", exact: true }).first().click();
      const dialog = attendant.getByRole("dialog", { name: "Transferir atendimento" });
      await dialog.getByLabel("Fila").click();
      await attendant.getByRole("option", { name: "Suporte" }).click();
      await dialog.getByRole("button", { name: "Transferir" }).click();
      await expect(attendant).toHaveURL(/\/tickets$/);
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await expect(attendant.getByRole("listitem", { name: /Carlos Jornada/ })).toContainText("Suporte", { timeout: 15_000 });

      // Accept again and resolve: the customer is asked for a rating and answers 3.
      await attendant.getByRole("button", { name: /Aceitar o atendimento de Carlos Jornada/ }).click();
      await attendant.getByRole("button", { name: "Resolver", exact: true }).first().click();
      await expect(attendant).toHaveURL(/\/tickets$/);
      await expect(simulator.getByText(/Muito satisfeito/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("3");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(simulator.getByText("Atendimento encerrado. Obrigado pelo contato!").first()).toBeVisible({ timeout: 15_000 });
      await attendant.getByRole("tab", { name: /^Resolvidos/ }).click();
      await expect(attendant.getByRole("listitem", { name: /Carlos Jornada/ })).toBeVisible({ timeout: 15_000 });
    } finally {
      // Other specs expect the default: ratings off.
      await setSetting(attendant, "userRating", "disabled").catch(() => undefined);
      await attendant.close();
      await simulator.close();
    }
  });
});
