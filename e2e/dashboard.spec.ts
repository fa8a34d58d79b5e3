import { type Page, expect, test } from "@playwright/test";
import { ZDashboardResponse, ZListTicketsResponse, ZTicketsDayResponse, ZTicketsUsersResponse } from "@conversa/shared";
import { createUserViaApi, customerSays, logIn, pairSimulator } from "./helpers.ts";

/** The seeded company's time zone: the dashboard counts its days there. */
const TIMEZONE = "America/Sao_Paulo";

const dayThere = (offsetDays = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE }).format(new Date(Date.now() + offsetDays * 86_400_000));

/** "HHh MMm" as the cards show minutes (spec core §9). */
const hhmm = (minutes: number) => {
  const total = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(total / 60)).padStart(2, "0")}h ${String(total % 60).padStart(2, "0")}m`;
};

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

test.describe("dashboard", () => {
  test("shows the figures of a history made through the product, and each chart follows its own dates", async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const simulator = await browser.newPage();
    const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
    const names = [`Painel Resolvido ${digits}`, `Painel Atendido ${digits}`, `Painel Aguardando ${digits}`];
    try {
      await logIn(admin);
      await pairSimulator(simulator);
      await admin.goto("/");
      await expect(admin.getByRole("heading", { name: "Dashboard" })).toBeVisible();
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

      await applyLastThreeDays(admin);
      await expect.poll(() => cardValue(admin, "Em atendimento")).toBe(String(before.happening + 1));
      expect(await cardValue(admin, "Aguardando")).toBe(String(before.pending + 1));
      expect(await cardValue(admin, "Finalizados")).toBe(String(before.finished + 1));
      const { counters } = ZDashboardResponse.parse((await api(admin, "GET", "/dashboard?days=3")).json);
      expect(await cardValue(admin, "Tempo médio de atendimento")).toBe(hhmm(counters.avgSupportTime));
      expect(await cardValue(admin, "Tempo médio de espera")).toBe(hhmm(counters.avgWaitTime));
      // The seeded admin is a super user: the installation-wide cards are there.
      expect(Number(await cardValue(admin, "Conexões ativas"))).toBeGreaterThanOrEqual(1);
      expect(await cardValue(admin, "Empresas")).toBe(String(counters.totalCompanies));
      const adminRow = admin.getByRole("table", { name: "Atendentes" }).getByRole("row", { name: /Administrador/ });
      await expect(adminRow).toContainText("Online");

      // The tickets-per-day chart: a day with nothing, then today by hour, then a week by day.
      const chart = admin.getByRole("region", { name: /^Atendimentos por (dia|hora)$/ });
      await chart.getByLabel("Data inicial").fill("2020-01-01");
      await chart.getByLabel("Data final").fill("2020-01-01");
      await expect(chart.getByRole("figure")).toHaveAttribute("aria-label", "Atendimentos por hora: 0 atendimentos");

      const today = dayThere();
      await chart.getByLabel("Data final").fill(today);
      await chart.getByLabel("Data inicial").fill(today);
      const todayCount = ZTicketsDayResponse.parse((await api(admin, "GET", `/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`)).json).count;
      expect(todayCount).toBeGreaterThanOrEqual(3);
      await expect(chart.getByRole("figure")).toHaveAttribute("aria-label", `Atendimentos por hora: ${todayCount} atendimentos`);

      const weekAgo = dayThere(-6);
      await chart.getByLabel("Data inicial").fill(weekAgo);
      const weekCount = ZTicketsDayResponse.parse((await api(admin, "GET", `/dashboard/ticketsDay?initialDate=${weekAgo}&finalDate=${today}`)).json).count;
      await expect(chart.getByRole("figure")).toHaveAttribute("aria-label", `Atendimentos por dia: ${weekCount} atendimentos`);

      // The tickets-per-attendant chart over the same week: the two tickets the admin took are among them.
      const perAttendant = admin.getByRole("region", { name: "Atendimentos por atendente" });
      await perAttendant.getByLabel("Data inicial").fill(weekAgo);
      await perAttendant.getByLabel("Data final").fill(today);
      const users = ZTicketsUsersResponse.parse((await api(admin, "GET", `/dashboard/ticketsUsers?initialDate=${weekAgo}&finalDate=${today}`)).json).data;
      expect(users.find((row) => row.nome === "Administrador")?.quantidade).toBeGreaterThanOrEqual(2);
      const weekTotal = users.reduce((sum, row) => sum + row.quantidade, 0);
      await expect(perAttendant.getByRole("figure")).toHaveAttribute("aria-label", `Atendimentos por atendente: ${weekTotal} atendimentos`);

      // A period that cannot be used is refused before asking the server.
      await admin.getByRole("combobox", { name: "Período" }).click();
      await admin.getByRole("option", { name: "Intervalo de datas" }).click();
      await admin.getByRole("form", { name: "Filtro do Dashboard" }).getByLabel("Data inicial").fill("");
      await admin.getByRole("button", { name: "Filtrar" }).click();
      await expect(admin.getByText("Parametrize o filtro")).toBeVisible();
    } finally {
      await admin.close();
      await simulator.close();
    }
  });

  test("an attendant who opens / lands on their tickets", async ({ page, request }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const email = `painel-${suffix}@conversa.local`;
    await createUserViaApi(request, { name: `Painel ${suffix}`, email, password: "senha123" });

    await logIn(page, email, "senha123");
    await page.goto("/");
    await expect(page).toHaveURL(/\/tickets$/);
    expect((await api(page, "GET", "/dashboard?days=7")).status).toBe(403);
  });
});
