import { type Page, expect, test } from "@playwright/test";
import * as XLSX from "xlsx";
import { logIn, pairSimulator } from "./helpers.ts";

/** A suffix that keeps this run's records apart from any other test's data. */
const suffix = () => Math.random().toString(36).slice(2, 8);
/** A Brazilian mobile number nobody else uses in this run. */
const phone = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Calls the API with the session of `page`. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${localStorage.getItem("token")}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      const parsed: unknown = text ? JSON.parse(text) : null;
      return { status: response.status, body: parsed };
    },
    { method, path, body },
  );
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Object.entries(value).find(([name]) => name === key)?.[1] : undefined;
}

/** What the simulated phone of `number` received from the company (texts of the outbound messages). */
async function received(page: Page, connectionId: number, number: string): Promise<string[]> {
  const answer = await api(page, "GET", `/simulator/connections/${connectionId}/chats/${number}/messages?pageSize=50`);
  if (answer.status === 404) return [];
  const messages = field(answer.body, "messages");
  if (!Array.isArray(messages)) return [];
  return messages.filter((message) => field(message, "direction") === "out").map((message) => String(field(message, "body")));
}

/** A customer writes to the company from the simulated phone of `number`. */
async function customerWrites(page: Page, connectionId: number, number: string, name: string, body: string): Promise<void> {
  const answer = await api(page, "POST", `/simulator/connections/${connectionId}/messages`, { from: number, name, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** This minute as a datetime-local input takes it, in the browser's time zone: the campaign starts at once. */
async function thisMinute(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
  });
}

test.describe("campaigns", () => {
  test("an admin imports a list, sends a campaign with confirmation, watches its report live, and an opted-out customer is left out of the next", async ({ browser }) => {
    // The journey waits on real sends through the simulator; the limit leaves room for a loaded machine.
    test.setTimeout(150_000);
    const id = suffix();
    const ana = { name: `Ana ${id}`, number: phone() };
    const bruno = { name: `Bruno ${id}`, number: phone() };
    const carla = { name: `Carla ${id}`, number: phone() };

    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    const simulator = await context.newPage();
    await pairSimulator(simulator);
    await simulator.close();
    const connections = await api(page, "GET", "/simulator/connections");
    const connectionId = Number(field(Array.isArray(connections.body) ? connections.body[0] : undefined, "id"));

    // Short intervals, so that the campaign goes out in seconds.
    expect((await api(page, "POST", "/campaign-settings", { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })).status).toBe(200);

    // The list, imported from a spreadsheet on its contacts page; its numbers are checked on the connection.
    const listName = `Clientes ${id}`;
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([["Nome", "Número", "E-mail"], ...[ana, bruno, carla].map((person) => [person.name, person.number, ""])]),
      "Contatos",
    );
    const spreadsheet = Buffer.from(XLSX.write(book, { bookType: "xlsx", type: "buffer" }));
    await page.goto("/contact-lists");
    await page.getByRole("button", { name: "Adicionar lista" }).click();
    const listDialog = page.getByRole("dialog", { name: "Adicionar lista de contatos" });
    await listDialog.getByRole("textbox", { name: "Nome" }).fill(listName);
    await listDialog.getByRole("button", { name: "Adicionar" }).click();
    await page.getByRole("button", { name: `Ver contatos: ${listName}` }).click();
    await expect(page.getByRole("heading", { name: `Contatos da lista ${listName}` })).toBeVisible({ timeout: 15_000 });
    const listId = Number(/\/contact-lists\/(\d+)\/contacts/.exec(page.url())?.[1]);
    await page.getByRole("button", { name: "Importar" }).click();
    await page.getByRole("dialog", { name: "Importar contatos para a lista?" }).getByRole("button", { name: "Continuar" }).click();
    const importDialog = page.getByRole("dialog", { name: "Importar contatos da planilha" });
    await importDialog.getByTestId("spreadsheet-import-file").setInputFiles({ name: `clientes-${id}.xlsx`, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: spreadsheet });
    await importDialog.getByRole("button", { name: "Importar" }).click();
    await expect(importDialog.getByText("Criados: 3")).toBeVisible({ timeout: 20_000 });
    await importDialog.getByRole("button", { name: "Fechar" }).click();
    await expect.poll(async () => field((await api(page, "GET", `/contact-lists/${listId}`)).body, "validCount"), { timeout: 15_000 }).toBe(3);
    await page.reload();
    for (const person of [ana, bruno, carla]) {
      await expect(page.getByRole("row").filter({ hasText: person.name }).getByRole("img", { name: "Número válido no WhatsApp" })).toBeVisible({ timeout: 15_000 });
    }

    // The campaign: two messages, each with its confirmation, starting now.
    await page.goto("/campaigns");
    await expect(page.getByRole("heading", { name: "Campanhas" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "Nova campanha" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova campanha" });
    await dialog.getByRole("textbox", { name: "Nome" }).fill(`Ofertas ${id}`);
    await dialog.getByRole("combobox", { name: "Conexão" }).click();
    await page.getByRole("option", { name: "Simulador" }).click();
    await dialog.getByRole("combobox", { name: "Lista de contatos" }).click();
    await page.getByRole("option", { name: listName }).click();
    await expect(dialog.getByRole("combobox", { name: "Tag" })).toHaveText("Nenhuma");
    await dialog.getByRole("switch", { name: "Pedir confirmação" }).check();
    await dialog.getByRole("textbox", { name: "Mensagem 1" }).fill("Oferta A para {nome}");
    await dialog.getByRole("textbox", { name: "Mensagem de confirmação 1" }).fill("Olá {nome}, quer ver a oferta? Responda SIM");
    await dialog.getByRole("tab", { name: "Msg. 2" }).click();
    await dialog.getByRole("textbox", { name: "Mensagem 2" }).fill("Oferta B para {nome}");
    await dialog.getByRole("textbox", { name: "Mensagem de confirmação 2" }).fill("Oi {nome}, podemos mandar a oferta? Responda SIM");
    await dialog.getByLabel("Agendamento").fill(await thisMinute(page));
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    const row = page.getByRole("row").filter({ hasText: `Ofertas ${id}` });
    await expect(row).toContainText(listName);
    await expect(row).toContainText("Simulador");

    // The report follows the sends live: every phone is asked to confirm.
    await row.getByRole("button", { name: `Relatório: Ofertas ${id}` }).click();
    await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
    await expect(page.getByRole("group", { name: "Contatos válidos" })).toContainText("3", { timeout: 15_000 });
    await expect(page.getByRole("group", { name: "Confirmações solicitadas" })).toContainText("3", { timeout: 15_000 });
    for (const person of [ana, bruno, carla]) {
      await expect.poll(async () => (await received(page, connectionId, person.number)).join("\n"), { timeout: 15_000 }).toMatch(new RegExp(`(quer ver a oferta|podemos mandar a oferta)`));
      expect((await received(page, connectionId, person.number)).join("\n")).toContain(person.name);
    }

    // The recipients table lists the three live, each with the message asked.
    const recipients = page.getByRole("region", { name: "Destinatários" });
    for (const person of [ana, bruno, carla]) {
      await expect(recipients.getByRole("row").filter({ hasText: person.number })).toContainText(/Enviada|Entregue|Lida/, { timeout: 15_000 });
    }

    // Bruno opts out: he is told so, his row says it live, and no ticket waits for an attendant.
    await customerWrites(page, connectionId, bruno.number, bruno.name, "SAIR");
    await expect.poll(async () => (await received(page, connectionId, bruno.number)).join("\n"), { timeout: 15_000 }).toContain("Você não receberá mais nossas campanhas");
    await expect(recipients.getByRole("row").filter({ hasText: bruno.number })).toContainText("Descadastrado", { timeout: 15_000 });
    await expect(recipients.getByRole("row").filter({ hasText: bruno.number })).toContainText("Sim");
    for (const status of ["pending", "open", "closed"]) {
      const tickets = await api(page, "GET", `/tickets?status=${status}&showAll=true&searchParam=${bruno.number}`);
      expect(field(tickets.body, "count"), status).toBe(0);
    }

    // Ana confirms and receives the campaign message; the report counts it without a reload.
    await customerWrites(page, connectionId, ana.number, ana.name, "SIM");
    await expect(page.getByRole("group", { name: "Confirmações", exact: true })).toContainText("1", { timeout: 15_000 });
    await expect.poll(async () => (await received(page, connectionId, ana.number)).join("\n"), { timeout: 15_000 }).toMatch(new RegExp(`Oferta [AB] para ${ana.name}`));
    await expect(page.getByTestId("campaign-report-status")).toContainText(/1 de 3 entregues/, { timeout: 15_000 });
    await expect(page.getByRole("progressbar", { name: "Progresso do envio" })).toHaveAttribute("aria-valuenow", "33");
    expect((await received(page, connectionId, bruno.number)).join("\n")).not.toMatch(/Oferta [AB]/);

    // A second campaign to the same list leaves the opted-out Bruno out.
    const second = await api(page, "POST", "/campaigns", {
      name: `Segunda ${id}`,
      message1: "Segunda oferta para {nome}",
      whatsappId: connectionId,
      contactListId: listId,
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await page.goto(`/campaign/${Number(field(second.body, "id"))}/report`);
    await expect(page.getByTestId("campaign-report-status")).toContainText("Finalizada: 2 de 2 entregues", { timeout: 20_000 });
    await expect(page.getByRole("group", { name: "Contatos válidos" })).toContainText("2");
    for (const person of [ana, carla]) {
      await expect.poll(async () => (await received(page, connectionId, person.number)).join("\n"), { timeout: 10_000 }).toContain(`Segunda oferta para ${person.name}`);
    }
    expect((await received(page, connectionId, bruno.number)).join("\n")).not.toContain("Segunda oferta");
    await context.close();
  });
});
