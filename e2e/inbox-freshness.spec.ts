import { expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator } from "./helpers.ts";

test.describe("the inbox list stays right", () => {
  test("an attendant leaves the tickets page, a customer writes, and the ticket is listed on coming back, without a reload", async ({ browser }) => {
    test.setTimeout(90_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const customer = `Cliente Ausente ${suffix}`;
    const number = `55118${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    try {
      await logIn(attendant);
      await pairSimulator(simulator);
      // The pending list is shown (and so cached) before the attendant leaves.
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await expect(attendant.getByRole("listitem", { name: customer })).toHaveCount(0);
      // A reload would lose this mark.
      await attendant.evaluate(() => Object.assign(window, { e2eNoReload: true }));

      await attendant.getByRole("link", { name: "Contatos" }).click();
      await expect(attendant).toHaveURL(/\/contacts$/);
      await customerSays(simulator, number, customer, "Alguém aí?");
      // The ticket exists (the bot greeted the customer) while the list is not shown.
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });

      await attendant.getByRole("link", { name: "Atendimentos" }).click();
      await expect(attendant).toHaveURL(/\/tickets$/);
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await expect(attendant.getByRole("listitem", { name: customer })).toBeVisible({ timeout: 10_000 });
      expect(await attendant.evaluate(() => "e2eNoReload" in window)).toBe(true);
    } finally {
      await attendant.context().close();
    }
  });
});
