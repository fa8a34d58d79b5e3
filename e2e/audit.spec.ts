import { readFileSync } from "node:fs";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { createCompanyViaApi, createUserViaApi, logIn } from "./helpers.ts";

/** A suffix that keeps this run's company and users apart from any other test's data. */
const suffix = () => Math.random().toString(36).slice(2, 8);

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post("/auth/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const body: unknown = await login.json();
  if (typeof body !== "object" || body === null || !("token" in body) || typeof body.token !== "string") throw new Error("login answered no token");
  return body.token;
}

/** The audit table's row of an entry by the given actor. */
const auditRow = (page: Page, actor: string) => page.getByRole("table", { name: "Auditoria" }).getByRole("row").filter({ hasText: actor });

test.describe("audit", () => {
  test("an admin finds a colleague's change in the audit page and exports it", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const id = suffix();
    const first = await createCompanyViaApi(request, `Auditada ${id}`, `primeira-${id}@example.com`);
    const colleague = { name: `Colega ${id}`, email: `colega-${id}@example.com`, password: "Colega-senha-1" };
    await createUserViaApi(request, { ...colleague, profile: "admin" }, await tokenFor(request, first.email, first.password));

    // The colleague turns on ratings on the settings page, in a browser of her own.
    const colleagueContext = await browser.newContext();
    const colleaguePage = await colleagueContext.newPage();
    await logIn(colleaguePage, colleague.email, colleague.password);
    await colleaguePage.goto("/settings");
    const rating = colleaguePage.getByRole("switch", { name: "Avaliações" });
    await expect(rating).not.toBeChecked({ timeout: 20_000 });
    await rating.check();
    await expect(colleaguePage.getByText("Operação atualizada com sucesso.").first()).toBeVisible();
    await colleagueContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, first.email, first.password);
    await page.getByRole("link", { name: "Auditoria" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole("heading", { name: "Auditoria" })).toBeVisible({ timeout: 20_000 });
    // A company's admin reads her company only: no company column or filter.
    await expect(page.getByRole("columnheader", { name: "Empresa" })).toHaveCount(0);

    await page.getByRole("combobox", { name: "Ação" }).click();
    await page.getByRole("option", { name: "Configuração alterada" }).click();
    const row = auditRow(page, colleague.name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Configuração alterada");
    await expect(row).toContainText("setting #userRating");
    await expect(row).toContainText("disabled → enabled");

    await page.getByRole("combobox", { name: "Autor" }).click();
    await page.getByRole("option", { name: colleague.name }).click();
    await expect(auditRow(page, colleague.name)).toHaveCount(1);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    const csv = readFileSync(await (await download).path(), "utf8");
    const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== "");
    // The header and the colleague's one entry: the filters went with the export.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("Autor;Tipo de autor;Ação");
    expect(lines[1]).toContain(colleague.name);
    expect(lines[1]).toContain("settings.update");
    expect(lines[1]).toContain("userRating");
    await context.close();
  });
});
