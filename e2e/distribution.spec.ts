import { type Page, expect, test } from "@playwright/test";
import { createUserViaApi, customerSays, deleteUserViaApi, logIn, pairSimulator, tokenOf, waitingRow } from "./helpers.ts";

/** Calls the API with the session of `page`; answers the JSON. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await tokenOf(page);
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { data: body }) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Picks an option of a MUI select by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

test.describe("ticket distribution", () => {
  test("a round-robin rule over two attendants alternates new customers between their pending lists, live; the preview predicts the next; the logs show each decision", async ({ browser, request }) => {
    test.setTimeout(180_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const storeName = `Loja ${suffix}`;
    const ruleName = `Rodízio ${suffix}`;
    const first = { name: `Ana ${suffix}`, email: `ana-${suffix}@conversa.local`, password: "Senha-123" };
    const second = { name: `Bruno ${suffix}`, email: `bruno-${suffix}@conversa.local`, password: "Senha-123" };
    const customers = [`Cliente Um ${suffix}`, `Cliente Dois ${suffix}`, `Cliente Tres ${suffix}`];
    const numberOf = () => `55118${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await admin.context().newPage();
    const ana = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const bruno = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const created: number[] = [];
    let storeId: number | undefined;
    try {
      await logIn(admin);
      const token = await tokenOf(admin);
      // The two attendants work in no queue: they see only what distribution reserves for them.
      created.push(await createUserViaApi(request, first, token), await createUserViaApi(request, second, token));
      await logIn(ana, first.email, first.password);
      await logIn(bruno, second.email, second.password);
      await pairSimulator(simulator);

      // The admin creates the store, puts Vendas in it and adds a round-robin rule over the two attendants.
      await admin.goto("/queues");
      await admin.getByRole("tab", { name: "Lojas" }).click();
      await admin.getByRole("button", { name: "Adicionar loja" }).click();
      await admin.getByRole("dialog").getByLabel("Nome").fill(storeName);
      await admin.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
      await expect(admin.getByRole("row", { name: new RegExp(storeName) })).toBeVisible();
      const stores = await api<{ stores: { id: number; name: string }[] }>(admin, "GET", "/stores");
      storeId = stores.stores.find((store) => store.name === storeName)?.id;

      await admin.getByRole("tab", { name: "Filas" }).click();
      await admin.getByRole("button", { name: "Editar: Vendas" }).click();
      await choose(admin, "Loja", storeName);
      await admin.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
      await expect(admin.getByRole("dialog")).toHaveCount(0);
      await expect(admin.getByRole("row", { name: /Vendas/ })).toContainText(storeName);

      await admin.getByRole("tab", { name: "Regras" }).click();
      await choose(admin, "Loja", storeName);
      await admin.getByRole("button", { name: "Adicionar regra" }).click();
      const dialog = admin.getByRole("dialog");
      await dialog.getByLabel("Nome").fill(ruleName);
      await dialog.getByLabel(/^Correspondência/).fill("olá, oi, bom dia");
      await choose(admin, "Estratégia", "Rodízio");
      for (const person of [first, second]) {
        await dialog.getByRole("combobox", { name: "Atendentes" }).fill(person.name);
        await admin.getByRole("option", { name: person.name }).click();
      }
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expect(admin.getByRole("row", { name: new RegExp(ruleName) })).toContainText("Rodízio");

      for (const page of [ana, bruno]) await page.getByRole("tab", { name: /^Aguardando/ }).click();
      const expected = [ana, bruno, ana];
      for (const [index, customer] of customers.entries()) {
        if (index === 2) {
          // Before the third customer, the preview names who gets the next one: Ana again.
          await admin.getByLabel("Mensagem do cliente").fill("Olá");
          await choose(admin, /^Fila/, "Vendas");
          await admin.getByRole("button", { name: "Simular" }).click();
          await expect(admin.getByTestId("preview-recommended")).toContainText(first.name);
          await expect(admin.getByTestId("preview-result")).toContainText(ruleName);
        }
        await customerSays(simulator, numberOf(), customer, "Olá, bom dia");
        await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
        await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
        await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
        const owner = expected[index]!;
        const other = owner === ana ? bruno : ana;
        await expect(owner.getByRole("listitem", { name: new RegExp(customer) })).toBeVisible({ timeout: 20_000 });
        await expect(other.getByRole("listitem", { name: new RegExp(customer) })).toHaveCount(0);
      }
      await expect(ana.getByRole("listitem", { name: new RegExp(`Cliente (Um|Tres) ${suffix}`) })).toHaveCount(2);
      await expect(bruno.getByRole("listitem", { name: new RegExp(`Cliente (Um|Dois|Tres) ${suffix}`) })).toHaveCount(1);

      // The logs tab, filtered by the store, shows the three decisions.
      await admin.getByRole("tab", { name: "Logs de distribuição" }).click();
      await choose(admin, "Loja", storeName);
      await admin.getByRole("button", { name: "Filtrar" }).click();
      const rows = admin.locator("tr[data-log-id]");
      await expect(rows).toHaveCount(3);
      await expect(rows.getByTestId("log-user")).toHaveText([first.name, second.name, first.name].reverse());
      await expect(rows.first()).toContainText(ruleName);
    } finally {
      // Vendas leaves the store (deleting it), so that the other specs see the seeded queue as it was.
      if (storeId !== undefined) await api(admin, "DELETE", `/stores/${storeId}`).catch(() => undefined);
      for (const id of created) await deleteUserViaApi(request, id, await tokenOf(admin)).catch(() => undefined);
      await admin.context().close();
      await ana.context().close();
      await bruno.context().close();
    }
  });

  test("a ticket waits rather than go to an offline attendant or one who never logged in, goes to the first who comes online, and the dashboard credits only whoever accepted", async ({ browser, request }) => {
    test.setTimeout(180_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const storeName = `Loja Online ${suffix}`;
    const newcomer = { name: `Nina ${suffix}`, email: `nina-${suffix}@conversa.local`, password: "Senha-123" };
    const away = { name: `Otto ${suffix}`, email: `otto-${suffix}@conversa.local`, password: "Senha-123" };
    const present = { name: `Paula ${suffix}`, email: `paula-${suffix}@conversa.local`, password: "Senha-123" };
    const [accepted, reservedOnly] = [`Cliente Aceito ${suffix}`, `Cliente Reservado ${suffix}`];
    const numberOf = () => `55117${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    const simulator = await admin.context().newPage();
    const paula = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const created: number[] = [];
    let storeId: number | undefined;
    const customerPicksVendas = async (name: string) => {
      await customerSays(simulator, numberOf(), name, "Olá, bom dia");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
    };
    try {
      await logIn(admin);
      const token = await tokenOf(admin);
      for (const person of [newcomer, away, present]) created.push(await createUserViaApi(request, person, token));
      const [newcomerId, awayId, presentId] = created as [number, number, number];
      // Otto has logged in before (through the API: no socket, so he is offline); Nina never has.
      expect((await request.post("/auth/login", { data: { email: away.email, password: away.password } })).status()).toBe(200);
      await pairSimulator(simulator);

      // Vendas goes into a store whose rule orders Nina, Otto, Paula; "only online" is left as it starts.
      const store = await api<{ id: number }>(admin, "POST", "/stores", { name: storeName });
      storeId = store.id;
      const vendas = (await api<{ id: number; name: string; color: string }[]>(admin, "GET", "/queue")).find((queue) => queue.name === "Vendas");
      if (!vendas) throw new Error("no Vendas queue");
      await api(admin, "PUT", `/queue/${vendas.id}`, { name: vendas.name, color: vendas.color, storeId: store.id });
      const rule = await api<{ onlineOnly: boolean }>(admin, "POST", `/stores/${store.id}/rules`, {
        name: `Ordem ${suffix}`,
        match: "olá, oi, bom dia",
        strategy: "ordered",
        userIds: [newcomerId, awayId, presentId],
        orderedUserIds: [newcomerId, awayId, presentId],
      });
      expect(rule.onlineOnly).toBe(true);

      // Nobody of the rule is online: the ticket waits in the line, reserved for nobody.
      await customerPicksVendas(accepted);
      await admin.getByRole("tab", { name: /^Aguardando/ }).click();
      const waiting = await waitingRow(admin, new RegExp(accepted));
      await expect(waiting.getByTestId("ticket-reserved")).toHaveCount(0);

      // Paula logs in: the line moves to her, and the admin's list shows it reserved for her (not yet hers).
      await logIn(paula, present.email, present.password);
      await paula.getByRole("tab", { name: /^Aguardando/ }).click();
      const hers = await waitingRow(paula, new RegExp(accepted), 30_000);
      await expect(waiting.getByTestId("ticket-reserved")).toHaveText(`Reservado para ${present.name}`, { timeout: 20_000 });

      // A second customer is reserved for Paula too (the only one online), and she accepts only the first.
      await customerPicksVendas(reservedOnly);
      await waitingRow(paula, new RegExp(reservedOnly), 30_000);
      await hers.getByRole("button", { name: `Aceitar o atendimento de ${accepted}` }).click();
      await expect(paula).toHaveURL(/\/tickets\/.+/);

      // The dashboard credits Paula with the one she accepted; Nina and Otto with nothing.
      await admin.goto("/");
      const perAttendant = admin.getByRole("region", { name: "Atendimentos por atendente" });
      await expect(perAttendant.getByText(/^Total: \d+$/)).toBeVisible({ timeout: 30_000 });
      await expect(perAttendant.getByText(present.name, { exact: true })).toBeVisible();
      // The figure behind the bar, as the chart reads it for the period the page shows.
      const from = await perAttendant.getByRole("textbox", { name: "Data inicial" }).inputValue();
      const to = await perAttendant.getByRole("textbox", { name: "Data final" }).inputValue();
      const chart = await api<{ data: { nome: string; quantidade: number }[] }>(admin, "GET", `/dashboard/ticketsUsers?initialDate=${from}&finalDate=${to}`);
      expect(chart.data.find((row) => row.nome === present.name)?.quantidade).toBe(1);
      await expect(perAttendant.getByText(newcomer.name, { exact: true })).toHaveCount(0);
      await expect(perAttendant.getByText(away.name, { exact: true })).toHaveCount(0);
    } finally {
      if (storeId !== undefined) await api(admin, "DELETE", `/stores/${storeId}`).catch(() => undefined);
      for (const id of created) await deleteUserViaApi(request, id, await tokenOf(admin)).catch(() => undefined);
      await admin.context().close();
      await paula.context().close();
    }
  });
});
