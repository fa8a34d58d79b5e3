import { type Locator, type Page, expect, test } from "@playwright/test";
import { createUserViaApi, customerSays, deleteUserViaApi, logIn, pairSimulator, tokenOf } from "./helpers.ts";

/** The lane of the board named `name` (its region is labelled with its name and count). */
const laneOf = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^Coluna ${name}: `) });
/** The card of a customer in a lane. */
const cardIn = (lane: Locator, customer: string) => lane.getByRole("listitem").filter({ hasText: customer });

/** Calls the API with the session of `page`; answers the JSON. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await tokenOf(page);
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { data: body }) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Drags a card with the mouse onto a lane, in small steps (the board starts a drag after 6 px). */
async function dragCard(page: Page, card: Locator, lane: Locator): Promise<void> {
  const from = await card.boundingBox();
  const to = await lane.boundingBox();
  if (!from || !to) throw new Error("the card or the lane is not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 25, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
  await page.mouse.up();
}

test.describe("kanban", () => {
  test("an attendant drags a card between lanes while a second browser sees it move; the admin moves it back with the keyboard", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const laneName = `Fazendo ${suffix}`;
    const customer = `Kanban Cliente ${suffix}`;
    const latecomer = `Kanban Novo ${suffix}`;
    const numberOf = () => `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const attendantUser = { name: `Kelly ${suffix}`, email: `kelly-${suffix}@conversa.local`, password: "Senha-123" };
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await admin.context().newPage();
    // The attendant signs in a browser context of her own: one session per account and per browser storage.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    let attendantId: number | undefined;
    let laneId: number | undefined;
    try {
      await logIn(admin);
      const queues = await api<{ id: number; name: string }[]>(admin, "GET", "/queue");
      const vendas = queues.find((queue) => queue.name === "Vendas");
      if (!vendas) throw new Error("the demo company has no Vendas queue");
      laneId = (await api<{ id: number }>(admin, "POST", "/tags", { name: laneName, color: "#6A1B9A", kanban: 1 })).id;
      attendantId = await createUserViaApi(request, { ...attendantUser, queueIds: [vendas.id] }, await tokenOf(admin));

      // A customer writes and picks Vendas: a pending ticket of the attendant's queue, without a kanban tag.
      await pairSimulator(simulator);
      await customerSays(simulator, numberOf(), customer, "Quero mudar meu plano");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();

      await logIn(attendant, attendantUser.email, attendantUser.password);
      await attendant.goto("/kanban");
      await admin.goto("/kanban");
      const card = cardIn(laneOf(attendant, "Em aberto"), customer);
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card).toContainText("Ticket #");
      await expect(laneOf(attendant, laneName)).toBeVisible();
      await expect(cardIn(laneOf(admin, "Em aberto"), customer)).toBeVisible({ timeout: 15_000 });

      // The attendant drags the card to the new lane; the admin's board follows without a reload.
      await dragCard(attendant, card, laneOf(attendant, laneName));
      await expect(attendant.getByText("Ticket Tag Adicionado com Sucesso!").first()).toBeVisible();
      await expect(cardIn(laneOf(attendant, laneName), customer)).toBeVisible();
      await expect(cardIn(laneOf(admin, laneName), customer)).toBeVisible({ timeout: 15_000 });
      await expect(cardIn(laneOf(admin, "Em aberto"), customer)).toHaveCount(0);
      await expect(laneOf(admin, laneName)).toHaveAccessibleName(`Coluna ${laneName}: 1 tickets`);

      // The admin takes it back to 'Em aberto' with the keyboard: Space picks it up, the left arrow changes lane, Space drops it.
      // Each key waits for the board's spoken answer to the one before, as a screen reader's user does.
      const handle = laneOf(admin, laneName).getByRole("button", { name: new RegExp(`^Mover o ticket #\\d+ de ${customer}$`) });
      await handle.focus();
      await admin.keyboard.press("Space");
      // Once the card is held the board says which lane it is over (its first words, 'pego', are replaced at once).
      await expect(handle).toHaveAttribute("aria-pressed", "true");
      await expect(admin.getByText(`Cartão de ${customer} sobre a coluna ${laneName}.`)).toBeAttached();
      await admin.keyboard.press("ArrowLeft");
      await expect(admin.getByText(`Cartão de ${customer} sobre a coluna Em aberto.`)).toBeAttached();
      await admin.keyboard.press("Space");
      await expect(admin.getByText("Ticket Tag Removido!").first()).toBeVisible();
      await expect(cardIn(laneOf(attendant, "Em aberto"), customer)).toBeVisible({ timeout: 15_000 });
      await expect(cardIn(laneOf(attendant, laneName), customer)).toHaveCount(0);

      // A new conversation shows on the attendant's board as it arrives.
      await customerSays(simulator, numberOf(), latecomer, "Oi, tudo bem?");
      // The thread shows the new customer's chat, then the bot's queue menu in it.
      await expect(simulator.getByText("Oi, tudo bem?").first()).toBeVisible({ timeout: 15_000 });
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(cardIn(laneOf(attendant, "Em aberto"), latecomer)).toBeVisible({ timeout: 15_000 });

      // The card's button opens the ticket.
      await cardIn(laneOf(attendant, "Em aberto"), customer).getByRole("button", { name: new RegExp(`^Abrir o ticket #\\d+ de ${customer}$`) }).click();
      await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    } finally {
      if (attendantId !== undefined) await deleteUserViaApi(request, attendantId, await tokenOf(admin)).catch(() => undefined);
      // The lane goes with the test: a retry's board has the same lanes as the first try's.
      if (laneId !== undefined) await api(admin, "DELETE", `/tags/${laneId}`).catch(() => undefined);
      await attendant.context().close();
      await admin.context().close();
    }
  });
});
