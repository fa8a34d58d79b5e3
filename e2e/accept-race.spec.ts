import { type Page, expect, test } from "@playwright/test";
import { createUserViaApi, customerSays, deleteUserViaApi, logIn, pairSimulator, tokenOf } from "./helpers.ts";

/** Calls the API with the session of `page`; answers the JSON. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await tokenOf(page);
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { data: body }) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

test.describe("two attendants and one ticket", () => {
  test("both click Accept: one takes it, the other is told who did and stays on the list; taken while she watches, her conversation closes", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const customer = `Disputa Cliente ${suffix}`;
    const latecomer = `Disputa Segundo ${suffix}`;
    const numberOf = () => `55117${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const attendantUser = { name: `Bia ${suffix}`, email: `bia-${suffix}@conversa.local`, password: "Senha-123" };
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await admin.context().newPage();
    // The attendant signs in a browser context of her own: one session per account and per browser storage.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    let attendantId: number | undefined;
    try {
      await logIn(admin);
      const me = await api<{ id: number; name: string }>(admin, "GET", "/auth/me");
      const queues = await api<{ id: number; name: string }[]>(admin, "GET", "/queue");
      const vendas = queues.find((queue) => queue.name === "Vendas");
      if (!vendas) throw new Error("the seed has no Vendas queue");
      attendantId = await createUserViaApi(request, { ...attendantUser, queueIds: [vendas.id] }, await tokenOf(admin));
      await logIn(attendant, attendantUser.email, attendantUser.password);
      await pairSimulator(simulator);

      // A customer picks Vendas: the ticket waits in the queue of both.
      await customerSays(simulator, numberOf(), customer, "Quero um orçamento");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      for (const page of [admin, attendant]) {
        await page.getByRole("tab", { name: /^Aguardando/ }).click();
        await expect(page.getByRole("listitem", { name: customer })).toContainText("Vendas", { timeout: 15_000 });
      }

      // Both click at once; the attendant's request reaches the server just after the admin's was answered.
      let adminAccepted!: () => void;
      const adminDone = new Promise<void>((resolve) => (adminAccepted = resolve));
      await attendant.route("**/tickets/*", async (route) => {
        if (route.request().method() === "PUT") await adminDone;
        await route.continue();
      });
      admin.on("response", (response) => {
        if (response.request().method() === "PUT" && /\/tickets\/\d+$/.test(response.url())) adminAccepted();
      });
      const acceptButton = (page: Page) => page.getByRole("button", { name: `Aceitar o atendimento de ${customer}` });
      await Promise.all([acceptButton(admin).click(), acceptButton(attendant).click()]);

      await expect(admin).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
      await expect(attendant.getByText(`${me.name} já aceitou este atendimento.`)).toBeVisible({ timeout: 15_000 });
      await expect(attendant).toHaveURL(/\/tickets$/);
      await expect(attendant.getByRole("listitem", { name: customer })).toHaveCount(0, { timeout: 15_000 });
      await attendant.unroute("**/tickets/*");

      // A second customer: this time the attendant takes the ticket, and writes.
      await customerSays(simulator, numberOf(), latecomer, "Bom dia");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await attendant.getByRole("button", { name: `Aceitar o atendimento de ${latecomer}` }).click({ timeout: 15_000 });
      await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
      const input = attendant.getByRole("textbox", { name: "Mensagem" });
      await expect(input).toBeEnabled({ timeout: 15_000 });

      // While she looks at it, the admin takes it over (a transfer to himself in the same queue).
      const listed = await api<{ tickets: { id: number; contact: { name: string } }[] }>(admin, "GET", "/tickets?status=open&showAll=true");
      const taken = listed.tickets.find((ticket) => ticket.contact.name === latecomer);
      if (!taken) throw new Error("the attendant's ticket is not listed");
      await api(admin, "PUT", `/tickets/${taken.id}`, { queueId: vendas.id, userId: me.id });

      await expect(attendant.getByText(`${me.name} assumiu este atendimento.`, { exact: false })).toBeVisible({ timeout: 15_000 });
      await expect(input).toBeDisabled();
    } finally {
      if (attendantId !== undefined) await deleteUserViaApi(request, attendantId, await tokenOf(admin)).catch(() => undefined);
      await admin.context().close();
      await attendant.context().close();
    }
  });
});
