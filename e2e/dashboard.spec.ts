import { type Locator, type Page, expect, test } from "@playwright/test";
import { ZListTicketsResponse } from "@conversa/shared";
import { createUserViaApi, customerSays, logIn, pairSimulator } from "./helpers.ts";

/** The seeded company's time zone: the dashboard counts its days there. */
const TIMEZONE = "America/Sao_Paulo";

const dayThere = (offsetDays = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE }).format(new Date(Date.now() + offsetDays * 86_400_000));

/** "HHh MMm" as the cards show minutes (spec core §9). */
const HHMM = /^\d{2,}h \d{2}m$/;

/** Calls the API with the page's own session. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p, {
        method: m,
        headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem("token")}` },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}

/** The id of the ticket of a contact, once the simulator's message has created it. */
async function ticketIdOf(page: Page, contactName: string): Promise<number> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const { json } = await api(page, "GET", `/tickets?searchParam=${encodeURIComponent(contactName.toLowerCase())}&showAll=true`);
        // The search also matches numbers, and the three customers' numbers share their digits: pick by name.
        id = ZListTicketsResponse.safeParse(json).data?.tickets.find((ticket) => ticket.contact.name === contactName)?.id;
        return id;
      },
      { timeout: 15_000 },
    )
    .toEqual(expect.any(Number));
  return id ?? 0;
}

async function cardValue(page: Page, name: string): Promise<string> {
  const card = page.getByRole("region", { name, exact: true });
  await expect(card).toBeVisible();
  return (await card.innerText()).split("\n").map((line) => line.trim()).filter(Boolean).at(-1) ?? "";
}

async function applyLastThreeDays(page: Page): Promise<void> {
  await page.getByRole("combobox", { name: "Período" }).click();
  await page.getByRole("option", { name: "Últimos 3 dias" }).click();
  const answered = page.waitForResponse((response) => response.url().includes("/dashboard?days=3"));
  await page.getByRole("button", { name: "Filtrar" }).click();
  await answered;
}

/** The number in a chart's figure label ("Atendimentos por hora: 5 atendimentos" → 5). */
async function figureCount(chart: Locator): Promise<number> {
  const label = (await chart.getByRole("figure").getAttribute("aria-label")) ?? "";
  const count = /: (\d+) atendimentos$/.exec(label)?.[1];
  if (count === undefined) throw new Error(`no count in the figure label "${label}"`);
  return Number(count);
}

/**
 * The tickets-per-day chart on today alone. It goes through a day with nothing and a week first, so
 * that the hourly title it ends on can only come from today's answer, not from one kept from an earlier range.
 */
async function showTodayByHour(chart: Locator, today: string): Promise<void> {
  await chart.getByLabel("Data inicial").fill("2020-01-01");
  await chart.getByLabel("Data final").fill("2020-01-01");
  await expect(chart.getByRole("figure")).toHaveAttribute("aria-label", "Atendimentos por hora: 0 atendimentos");
  // The start moves first (a week ago to 2020-01-01 is no range: nothing is asked), then the end: the week up to today.
  await chart.getByLabel("Data inicial").fill(dayThere(-6));
  await chart.getByLabel("Data final").fill(today);
  await expect(chart.getByRole("figure")).toHaveAttribute("aria-label", /^Atendimentos por dia: \d+ atendimentos$/);
  await chart.getByLabel("Data inicial").fill(today);
  await expect(chart.getByRole("figure")).toHaveAttribute("aria-label", /^Atendimentos por hora: \d+ atendimentos$/);
}

/** An attendant's bar in the tickets-per-attendant chart, read from the tooltip its row shows on hover (0 without a bar). */
async function attendantShare(page: Page, chart: Locator, name: string): Promise<number> {
  const label = chart.getByText(name, { exact: true });
  if ((await label.count()) === 0) return 0;
  const box = await label.boundingBox();
  if (!box) return 0;
  // Right of the axis label, inside the plot: the row's tooltip opens.
  await page.mouse.move(box.x + box.width + 60, box.y + box.height / 2);
  const cell = page.getByRole("tooltip", { name }).getByRole("row", { name: /^Atendimentos/ }).getByRole("cell");
  await expect(cell).toBeVisible();
  const value = Number(await cell.innerText());
  await page.mouse.move(0, 0);
  return value;
}

test.describe("dashboard", () => {
  test("shows the figures of a history made through the product, and each chart follows its own dates", async ({ browser }) => {
    test.setTimeout(180_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    const simulator = await admin.context().newPage();
    const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
    const names = [`Painel Resolvido ${digits}`, `Painel Atendido ${digits}`, `Painel Aguardando ${digits}`];
    const perDay = admin.getByRole("region", { name: /^Atendimentos por (dia|hora)$/ });
    const perAttendant = admin.getByRole("region", { name: "Atendimentos por atendente" });
    const today = dayThere();
    try {
      await logIn(admin);
      await pairSimulator(simulator);
      await admin.goto("/");
      await expect(admin.getByRole("heading", { name: "Dashboard" })).toBeVisible({ timeout: 15_000 });
      // The per-attendant chart's first answer, for its default range (this month): nothing shown before it.
      await expect(perAttendant.getByText(/^Total: \d+$/)).toBeVisible({ timeout: 15_000 });
      const attendantsBefore = { total: await figureCount(perAttendant), admin: await attendantShare(admin, perAttendant, "Administrador") };
      await showTodayByHour(perDay, today);
      const todayBefore = await figureCount(perDay);
      await applyLastThreeDays(admin);
      const before = {
        happening: Number(await cardValue(admin, "Em atendimento")),
        pending: Number(await cardValue(admin, "Aguardando")),
        finished: Number(await cardValue(admin, "Finalizados")),
      };

      // Three customers write; the first is accepted and resolved, the second accepted, the third keeps waiting.
      for (const [index, name] of names.entries()) await customerSays(simulator, `55119${digits}${index}`, name, "Olá, preciso de ajuda");
      const [resolved, attended] = [await ticketIdOf(admin, names[0]!), await ticketIdOf(admin, names[1]!)];
      await ticketIdOf(admin, names[2]!);
      expect((await api(admin, "PUT", `/tickets/${resolved}`, { status: "open" })).status).toBe(200);
      expect((await api(admin, "PUT", `/tickets/${resolved}`, { status: "closed" })).status).toBe(200);
      expect((await api(admin, "PUT", `/tickets/${attended}`, { status: "open" })).status).toBe(200);

      // A fresh page: every figure is asked anew.
      await admin.goto("/");
      await expect(admin.getByRole("heading", { name: "Dashboard" })).toBeVisible({ timeout: 15_000 });
      await applyLastThreeDays(admin);
      await expect.poll(() => cardValue(admin, "Em atendimento")).toBe(String(before.happening + 1));
      expect(await cardValue(admin, "Aguardando")).toBe(String(before.pending + 1));
      expect(await cardValue(admin, "Finalizados")).toBe(String(before.finished + 1));
      expect(await cardValue(admin, "Tempo médio de atendimento")).toMatch(HHMM);
      expect(await cardValue(admin, "Tempo médio de espera")).toMatch(HHMM);
      // The seeded admin is a super user: the installation-wide cards are there.
      expect(Number(await cardValue(admin, "Conexões ativas"))).toBeGreaterThanOrEqual(1);
      expect(Number(await cardValue(admin, "Empresas"))).toBeGreaterThanOrEqual(1);
      const adminRow = admin.getByRole("table", { name: "Atendentes" }).getByRole("row", { name: /Administrador/ });
      await expect(adminRow).toContainText("Online");

      // The two tickets the admin took count for the admin; the one still waiting has no attendant and is left out.
      await expect(perAttendant.getByRole("figure")).toHaveAttribute("aria-label", `Atendimentos por atendente: ${attendantsBefore.total + 2} atendimentos`, {
        timeout: 15_000,
      });
      await expect.poll(() => attendantShare(admin, perAttendant, "Administrador")).toBe(attendantsBefore.admin + 2);

      // The tickets-per-day chart: the three new tickets were created today, by hour; then a week by day.
      await showTodayByHour(perDay, today);
      await expect(perDay.getByRole("figure")).toHaveAttribute("aria-label", `Atendimentos por hora: ${todayBefore + 3} atendimentos`);
      await perDay.getByLabel("Data inicial").fill(dayThere(-6));
      await expect(perDay.getByRole("figure")).toHaveAttribute("aria-label", /^Atendimentos por dia: \d+ atendimentos$/);
      expect(await figureCount(perDay)).toBeGreaterThanOrEqual(todayBefore + 3);

      // A period that cannot be used is refused before asking the server.
      await admin.getByRole("combobox", { name: "Período" }).click();
      await admin.getByRole("option", { name: "Intervalo de datas" }).click();
      await admin.getByRole("form", { name: "Filtro do Dashboard" }).getByLabel("Data inicial").fill("");
      await admin.getByRole("button", { name: "Filtrar" }).click();
      await expect(admin.getByText("Parametrize o filtro")).toBeVisible();
    } finally {
      await admin.context().close();
      await simulator.close();
    }
  });

  test("an attendant who opens / lands on their tickets", async ({ page, request }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const email = `painel-${suffix}@conversa.local`;
    await createUserViaApi(request, { name: `Painel ${suffix}`, email, password: "Senha-123" });

    await logIn(page, email, "Senha-123");
    await page.goto("/");
    await expect(page).toHaveURL(/\/tickets$/);
    expect((await api(page, "GET", "/dashboard?days=7")).status).toBe(403);
  });
});
