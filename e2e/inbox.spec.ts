import { expect, test } from "@playwright/test";
import { createUserViaApi, customerSays, deleteUserViaApi, logIn, pairSimulator, setSetting, tokenOf, waitingRow } from "./helpers.ts";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082",
  "hex",
);

test.describe("connections and the inbox", () => {
  test("the admin connects the simulator by scanning its QR, a customer writes, and the ticket appears live", async ({ browser }) => {
    test.setTimeout(60_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext()).newPage();
    const simulator = await attendant.context().newPage();
    try {
      await logIn(attendant);
      await attendant.goto("/connections");
      await expect(attendant.getByText("Simulador", { exact: true }).first()).toBeVisible({ timeout: 15_000 });

      await pairSimulator(simulator);
      await expect(attendant.getByText("Conectado").first()).toBeVisible({ timeout: 15_000 });

      await attendant.goto("/tickets");
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await customerSays(simulator, "5511987650001", "Beatriz Cliente", "Olá, quero saber do meu pedido");

      // The new ticket joins the end of the waiting line, live.
      const row = await waitingRow(attendant, /Beatriz Cliente/);
      await expect(row).toContainText("Sem fila");

      // The bot answered with the connection's greeting and the queue menu.
      await expect(simulator.getByText(/\[ 1 \]\* - Vendas|Vendas/).first()).toBeVisible({ timeout: 15_000 });
    } finally {
      await attendant.context().close();
      await simulator.close();
    }
  });

  test("the attendant accepts, replies with a quick reply and an image, transfers, resolves, and the rating flow runs", async ({ browser }) => {
    test.setTimeout(120_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    try {
      await logIn(attendant);
      await pairSimulator(simulator);
      await setSetting(attendant, "userRating", "enabled");

      await customerSays(simulator, "5511987650002", "Carlos Jornada", "Preciso de ajuda");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();

      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      const row = await waitingRow(attendant, /Carlos Jornada/);
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
      await expect(await waitingRow(attendant, /Carlos Jornada/)).toContainText("Suporte", { timeout: 15_000 });

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
      await attendant.context().close();
      await simulator.close();
    }
  });
  test("a second attendant watching the list sees the ticket move between tabs live", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const customer = `Vigia Cliente ${suffix}`;
    const number = `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const watcherUser = { name: `Vigia ${suffix}`, email: `vigia-${suffix}@conversa.local`, password: "Senha-123" };
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    // A second account signs in its own browser context: one session per account and per browser storage.
    const watcherContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const watcher = await watcherContext.newPage();
    let watcherId: number | undefined;
    try {
      await logIn(attendant);
      // An admin: it sees every pending ticket, and with show-all every open and resolved one, not only its own.
      watcherId = await createUserViaApi(request, { ...watcherUser, profile: "admin" }, await tokenOf(attendant));
      await logIn(watcher, watcherUser.email, watcherUser.password);
      await watcher.getByRole("tab", { name: /^Aguardando/ }).click();
      const watched = watcher.getByRole("listitem", { name: customer });
      await expect(watched).toHaveCount(0);

      await pairSimulator(simulator);
      await customerSays(simulator, number, customer, "Quero comprar um plano");
      await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
      await simulator.getByLabel("Mensagem", { exact: true }).fill("1");
      await simulator.getByRole("button", { name: "Enviar", exact: true }).click();

      // The row appears in the watcher's pending list, already in the queue the customer picked.
      await expect(await waitingRow(watcher, customer)).toContainText("Vendas", { timeout: 15_000 });

      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await (await waitingRow(attendant, customer)).getByRole("button", { name: `Aceitar o atendimento de ${customer}` }).click();
      await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);

      // Accepted by the admin: it leaves the watcher's pending list and shows among the open ones, with its attendant.
      await expect(watched).toHaveCount(0, { timeout: 15_000 });
      await watcher.getByRole("tab", { name: /^Atendendo/ }).click();
      await expect(watched).toBeVisible({ timeout: 15_000 });
      await expect(watched).toContainText("Administrador");

      // The watcher waits on the resolved tab before the ticket is resolved: it must arrive there live.
      await watcher.getByRole("tab", { name: "Resolvidos", exact: true }).click();
      await expect(watcher.getByRole("list", { name: "Resolvidos" })).toBeVisible();
      await expect(watched).toHaveCount(0);
      await attendant.getByRole("button", { name: "Resolver", exact: true }).first().click();
      await expect(attendant).toHaveURL(/\/tickets$/);
      await expect(watched).toBeVisible({ timeout: 15_000 });
    } finally {
      await watcherContext.close();
      if (watcherId !== undefined) await deleteUserViaApi(request, watcherId, await tokenOf(attendant));
      await attendant.context().close();
      await simulator.close();
    }
  });
});
