import { type Page, expect, test } from "@playwright/test";
import { logIn, tokenOf } from "./helpers.ts";

/** The admin list pages, each with the heading it shows once loaded. */
const LIST_PAGES = ["/users", "/queues", "/connections", "/contacts", "/tags", "/quick-messages", "/schedules", "/campaigns", "/contact-lists", "/queue-integration", "/prompts", "/financeiro", "/files", "/announcements", "/settings"];

const WIDTH = 390;

/** How far the page, the account button and the first row's actions reach to the right, in px. */
async function reach(page: Page) {
  return page.evaluate(() => {
    const right = (el: Element | null) => (el ? el.getBoundingClientRect().right : 0);
    const account = document.querySelector('header button[aria-label="Conta"]');
    const firstRowActions = [...document.querySelectorAll("table tbody tr:first-child td:last-child button")];
    return {
      page: document.documentElement.scrollWidth,
      account: right(account),
      actions: firstRowActions.map((button) => Math.round(button.getBoundingClientRect().right)),
    };
  });
}

test.describe("admin pages on a phone (390 × 844)", () => {
  test("keep the account button and every row's actions on screen, without sideways scrolling", async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 } });
    const page = await context.newPage();
    await logIn(page);
    // A row on the lists that start empty, so that their actions are measured too.
    const suffix = Math.random().toString(36).slice(2, 6);
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };
    await page.request.post("/tags", { headers, data: { name: `Telefone ${suffix}` } });
    await page.request.post("/contacts", { headers, data: { name: `Contato Telefone ${suffix}`, number: `5511977${Math.floor(100_000 + Math.random() * 899_999)}` } });
    await page.request.post("/quick-messages", { headers, data: { shortcode: `tel${suffix}`, message: "Mensagem rápida de teste" } });

    const failures: string[] = [];
    for (const path of LIST_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      // The rows come after the heading: wait until the first one (when there is one) has been laid out.
      await page.locator("table tbody tr").first().waitFor({ timeout: 5_000 }).catch(() => undefined);
      // A toast sliding in may pass the edge for a moment: the page must settle within the screen.
      await expect.poll(async () => (await reach(page)).page, { timeout: 10_000 }).toBeLessThanOrEqual(WIDTH).catch(() => undefined);
      const measured = await reach(page);
      await page.screenshot({ path: `test-results/phone${path.replaceAll("/", "-")}.png` });
      if (measured.page > WIDTH) failures.push(`${path}: the page is ${measured.page} px wide`);
      if (measured.account === 0 || measured.account > WIDTH) failures.push(`${path}: the account button ends at ${measured.account} px`);
      for (const right of measured.actions) if (right > WIDTH) failures.push(`${path}: a row action ends at ${right} px`);
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});
