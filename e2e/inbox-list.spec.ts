import { type Page, expect, test } from "@playwright/test";
import { createUserViaApi, customerSays, logIn, pairSimulator, tokenOf } from "./helpers.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");
const SHOTS = process.env.E2E_SHOTS_PREFIX;

async function api<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The customer writes and picks the first queue of the bot's menu (Vendas). */
async function customerWaits(simulator: Page, number: string, name: string, lines: string[]): Promise<void> {
  await customerSays(simulator, number, name, lines[0] ?? "Oi");
  await expect(simulator.getByText(/Vendas/).first()).toBeVisible({ timeout: 15_000 });
  await customerSays(simulator, number, name, "1");
  for (const line of lines.slice(1)) await customerSays(simulator, number, name, line);
}

test.describe("the inbox as attendants live in it", () => {
  test("accept shows the ticket under Assigned; rows show plain text, tags and waiting time; only the list scrolls; the peek shows media at the newest message; the contact sits beside the conversation", async ({ browser }) => {
    test.setTimeout(180_000);
    const suffix = Math.random().toString(36).slice(2, 6);
    const customer = `Cliente Lista ${suffix}`;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "dark" });
    const admin = await context.newPage();
    const simulator = await context.newPage();
    await admin.addInitScript(() => localStorage.setItem("preferredTheme", "dark"));
    await logIn(admin);
    await pairSimulator(simulator);

    const lines = ["*Olá*, _preciso_ de ajuda com o ~pedido~ ```A-1```"];
    for (let i = 1; i <= 14; i += 1) lines.push(`Mensagem ${i} do cliente`);
    await customerWaits(simulator, `55117${Math.floor(1_000_000 + Math.random() * 8_999_999)}`, customer, lines);

    await admin.getByRole("tab", { name: /^Aguardando/ }).click();
    const row = admin.getByRole("listitem", { name: new RegExp(customer) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText(/Aguardando há (agora|\d+ min)/);
    await expect(row).not.toContainText("*");

    await row.getByRole("button", { name: new RegExp(`Aceitar o atendimento de ${customer}`) }).click();
    await expect(admin).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(admin.getByRole("tab", { name: /^Atendendo/ })).toHaveAttribute("aria-selected", "true");
    const openRow = admin.getByRole("listitem", { name: new RegExp(customer) });
    await expect(openRow).toBeVisible();

    // A tag on the ticket shows on its row, in its colour.
    const tags = admin.getByRole("combobox", { name: "Tags" });
    await tags.fill(`vip${suffix}`);
    await admin.getByRole("option", { name: new RegExp(`vip${suffix}`) }).click();
    await expect(openRow.getByText(`vip${suffix}`)).toBeVisible({ timeout: 10_000 });

    // An image from the attendant, and a last text.
    const input = admin.getByRole("textbox", { name: "Mensagem" });
    await admin.locator("input[type=file]").setInputFiles({ name: "catalogo.png", mimeType: "image/png", buffer: PNG });
    await admin.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(admin.getByRole("log", { name: "Mensagens" }).locator("img").first()).toBeVisible({ timeout: 15_000 });
    await input.fill("Última resposta *enviada*");
    await admin.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(openRow).toContainText("Última resposta enviada", { timeout: 15_000 });

    // Only the list scrolls: the page and the list column keep the search and the tabs in place.
    const search = admin.getByRole("searchbox", { name: "Buscar atendimentos e mensagens" });
    const before = await search.boundingBox();
    await openRow.hover();
    await admin.mouse.wheel(0, 2000);
    expect(await search.boundingBox()).toEqual(before);
    const overflow = await admin.evaluate(() => {
      const panel = document.getElementById("tickets-panel");
      const column = panel?.parentElement;
      return {
        page: document.scrollingElement ? document.scrollingElement.scrollHeight - document.scrollingElement.clientHeight : 0,
        column: column ? column.scrollHeight - column.clientHeight : -1,
      };
    });
    expect(overflow).toEqual({ page: 0, column: 0 });
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}-inbox.png` });

    // The peek shows the image and opens at the newest message.
    await openRow.getByRole("button", { name: new RegExp(`Espiar a conversa de ${customer}`) }).click();
    const peek = admin.getByRole("dialog", { name: new RegExp(customer) });
    await expect(peek.locator("img").first()).toBeVisible({ timeout: 15_000 });
    await expect(peek.getByText("Última resposta")).toBeInViewport();
    await expect(peek.getByText("Olá, preciso de ajuda com o pedido A-1")).not.toBeInViewport();
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}-peek.png` });
    await peek.getByRole("button", { name: "Fechar" }).click();

    // The contact sits beside the conversation, with an edit button and the earlier tickets.
    await admin.getByRole("button", { name: new RegExp(`Ver os dados de ${customer}`) }).click();
    const drawer = admin.getByRole("complementary", { name: "Dados do contato" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Editar contato" })).toBeVisible();
    await expect(drawer.getByText("Atendimentos anteriores")).toBeVisible();
    await expect(input).toBeInViewport();
    const [drawerBox, inputBox] = [await drawer.boundingBox(), await input.boundingBox()];
    expect((inputBox?.x ?? 0) + (inputBox?.width ?? 0)).toBeLessThanOrEqual(drawerBox?.x ?? 0);
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}-drawer.png` });
    await drawer.getByRole("button", { name: "Editar contato" }).click();
    await expect(admin.getByRole("dialog", { name: "Editar contato" })).toBeVisible();
    await context.close();
  });

  test("a transfer out of the attendant's sight is confirmed, leaves the conversation and asks nothing more about the ticket", async ({ browser }) => {
    test.setTimeout(150_000);
    const suffix = Math.random().toString(36).slice(2, 6);
    const customer = `Cliente Transf ${suffix}`;
    const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const admin = await adminContext.newPage();
    const simulator = await adminContext.newPage();
    await logIn(admin);
    await pairSimulator(simulator);
    const queues = await api<{ id: number; name: string }[]>(admin, "/queue");
    const sales = queues.find((queue) => queue.name === "Vendas");
    const other = queues.find((queue) => queue.name !== "Vendas");
    if (!sales || !other) throw new Error("the seeded queues are missing");
    const email = `transf-${suffix}@conversa.local`;
    await createUserViaApi(admin.request, { name: `Atendente ${suffix}`, email, password: "Senha-123456", profile: "user", queueIds: [sales.id] }, await tokenOf(admin));
    const number = `55118${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await customerWaits(simulator, number, customer, ["Quero falar com o suporte"]);

    const attendantContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const attendant = await attendantContext.newPage();
    await logIn(attendant, email, "Senha-123456");
    await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
    await attendant
      .getByRole("listitem", { name: new RegExp(customer) })
      .getByRole("button", { name: new RegExp(`Aceitar o atendimento de ${customer}`) })
      .click();
    await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = new URL(attendant.url()).pathname.split("/").pop() ?? "";
    await expect(attendant.getByRole("textbox", { name: "Mensagem" })).toBeEnabled({ timeout: 15_000 });
    const ticketId = (await api<{ id: number }>(attendant, `/tickets/u/${uuid}`)).id;

    const asked: string[] = [];
    attendant.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes(uuid) || new RegExp(`/(tickets|messages|ticket-notes|tickets-distribution-logs|ticket-tags)/${ticketId}(\\b|/)`).test(path)) asked.push(`${request.method()} ${path}`);
    });

    await attendant.getByRole("button", { name: "Transferir", exact: true }).first().click();
    const dialog = attendant.getByRole("dialog", { name: "Transferir atendimento" });
    await dialog.getByLabel("Fila").click();
    await attendant.getByRole("option", { name: other.name }).click();
    await dialog.getByRole("button", { name: "Transferir" }).click();

    await expect(attendant.getByText(`Atendimento transferido para ${other.name}.`)).toBeVisible({ timeout: 15_000 });
    await expect(attendant).toHaveURL(/\/tickets$/);
    const afterTransfer = asked.length;
    // The customer writes again, the window gets the focus back: nothing is asked about the ticket, no refusal shown.
    await customerSays(simulator, number, customer, "Alguém aí?");
    await attendant.evaluate(() => {
      window.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await attendant.waitForTimeout(4000);
    expect(asked.slice(afterTransfer)).toEqual([]);
    expect(asked.filter((entry) => entry.startsWith("PUT"))).toHaveLength(1);
    // Nor was it read between the transfer and its answer (the server tells the old queue first).
    expect(asked.slice(asked.findIndex((entry) => entry.startsWith("PUT")) + 1)).toEqual([]);
    await expect(attendant.getByText("Acesso não permitido")).toHaveCount(0);
    await attendantContext.close();
    await adminContext.close();
  });
});
