import { expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator } from "./helpers.ts";

const HOSTILE_BODY = `<img src=x onerror="window.__xss=1">`;

test.describe("text from customers", () => {
  test("markup in a customer's name and message shows as text and never runs on the attendant's page", async ({ browser }) => {
    test.setTimeout(90_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    const name = `<b>Negrito</b> Cliente ${Math.random().toString(36).slice(2, 7)}`;
    const number = `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    try {
      await logIn(attendant);
      await pairSimulator(simulator);
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await customerSays(simulator, number, name, HOSTILE_BODY);

      const row = attendant.getByRole("listitem", { name, exact: true });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row.getByText(name, { exact: true })).toBeVisible();
      await row.getByRole("button", { name: `Aceitar o atendimento de ${name}`, exact: true }).click();
      await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
      await expect(attendant.getByRole("heading", { name, exact: true, level: 2 })).toBeVisible();

      // Written again once the ticket is open: after the bot's answers, the row's last message is the customer's.
      await customerSays(simulator, number, name, HOSTILE_BODY);
      const messages = attendant.getByRole("log", { name: "Mensagens" });
      await expect(messages.getByText(HOSTILE_BODY, { exact: true })).toHaveCount(2, { timeout: 15_000 });
      await attendant.getByRole("tab", { name: /^Atendendo/ }).click();
      await expect(row.getByText(HOSTILE_BODY, { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(row.getByText(name, { exact: true })).toBeVisible();

      // Nothing of it became markup, and its handler never ran.
      await expect(attendant.locator('img[src="x"]')).toHaveCount(0);
      await expect(attendant.locator("b", { hasText: "Negrito" })).toHaveCount(0);
      expect(await attendant.evaluate(() => Reflect.get(window, "__xss"))).toBeUndefined();
    } finally {
      await attendant.context().close();
      await simulator.close();
    }
  });
});
