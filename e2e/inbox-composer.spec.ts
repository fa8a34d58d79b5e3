import { expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator } from "./helpers.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");

test.describe("the conversation as attendants live in it", () => {
  test("emojis, files with captions, activity lines, and the banner while the connection is lost (pt-BR, dark)", async ({ browser }) => {
    test.setTimeout(150_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const customer = `Cliente Emoji ${suffix}`;
    const number = `55117${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript(() => localStorage.setItem("preferredTheme", "dark"));
    const attendant = await context.newPage();
    const simulator = await context.newPage();
    try {
      await logIn(attendant);
      await pairSimulator(simulator);
      await customerSays(simulator, number, customer, "Oi, quero ver fotos");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();

      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await attendant.getByRole("button", { name: `Aceitar o atendimento de ${customer}` }).click({ timeout: 15_000 });
      await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
      // The acceptance is a line of the conversation, by whom and when.
      await expect(attendant.getByRole("note").filter({ hasText: /aceitou o atendimento · \d\d:\d\d/ })).toBeVisible({ timeout: 15_000 });

      const input = attendant.getByRole("textbox", { name: "Mensagem" });
      await expect(input).toBeEnabled({ timeout: 15_000 });
      await input.fill("Claro!");
      await attendant.getByRole("button", { name: "Emojis" }).click();
      const picker = attendant.getByRole("dialog", { name: "Emojis" });
      await picker.getByLabel("Buscar emoji").fill("coração vermelho");
      await picker.getByRole("button", { name: "coração vermelho", exact: true }).click();
      // The open picker hides the page from assistive technology: read the input by its element.
      await expect(attendant.locator('textarea[aria-label="Mensagem"]')).toHaveValue("Claro!❤️");
      await picker.getByLabel("Buscar emoji").fill("");
      await expect(picker.getByRole("tab", { name: "Sorrisos e emoções" })).toBeVisible();
      await attendant.screenshot({ path: "/tmp/inbox-web-b-emoji.png" });
      await attendant.keyboard.press("Escape");
      await attendant.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(simulator.getByText(/Claro!❤️/).first()).toBeVisible({ timeout: 15_000 });

      // Two files, each with its caption, one taken out before sending.
      await attendant.locator("input[type=file]").setInputFiles([
        { name: "vitrine.png", mimeType: "image/png", buffer: PNG },
        { name: "rascunho.txt", mimeType: "text/plain", buffer: Buffer.from("rascunho") },
        { name: "tabela.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
      ]);
      const preview = attendant.getByRole("list", { name: "Anexos para enviar" });
      await expect(preview.getByRole("listitem")).toHaveCount(3);
      await expect(preview.locator("img")).toHaveCount(1);
      await attendant.getByLabel("Legenda de vitrine.png").fill("A vitrine nova");
      await attendant.getByLabel("Legenda de tabela.pdf").fill("A tabela de preços");
      await attendant.getByRole("button", { name: "Remover rascunho.txt" }).click();
      await expect(preview.getByRole("listitem")).toHaveCount(2);
      await attendant.screenshot({ path: "/tmp/inbox-web-b-attachments.png" });
      await attendant.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(preview).toHaveCount(0);
      await expect(simulator.getByText(/A vitrine nova/).first()).toBeVisible({ timeout: 15_000 });
      await expect(simulator.getByText(/A tabela de preços/).first()).toBeVisible({ timeout: 15_000 });
      await expect(simulator.getByText(/rascunho/)).toHaveCount(0);

      // The network goes away: the banner says so, and goes once it is back.
      const banner = attendant.getByRole("status").filter({ hasText: /Tentando reconectar/ });
      await context.setOffline(true);
      await expect(banner).toBeVisible({ timeout: 15_000 });
      await attendant.screenshot({ path: "/tmp/inbox-web-b-offline.png" });
      await context.setOffline(false);
      await expect(banner).toBeHidden({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});
