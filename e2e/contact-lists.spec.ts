import { expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);
/** A 1×1 PNG: uploads are checked by their content. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const shot = (name: string) => `/tmp/camp-lists-${name}.png`;

test.describe("contact lists and files", () => {
  test.setTimeout(120_000);
  test("the admin makes a contact list, imports the example spreadsheet into it and adds a contact", async ({ page }) => {
    const name = `Clientes ${suffix()}`;
    await logIn(page);
    await page.goto("/contact-lists");
    await expect(page.getByRole("heading", { name: "Listas de contatos" })).toBeVisible({ timeout: 20_000 });

    await page.getByRole("button", { name: "Adicionar lista" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar lista de contatos" });
    await add.getByLabel("Nome").fill("A");
    await add.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(add.getByText("Muito curto!")).toBeVisible();
    await add.getByLabel("Nome").fill(name);
    await add.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(add).toBeHidden({ timeout: 20_000 });
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByRole("cell", { name: "0", exact: true })).toBeVisible();

    // The example the row offers is a spreadsheet the import takes.
    const example = await page.request.get("/planilha-exemplo.xlsx");
    expect(example.status()).toBe(200);
    const spreadsheet = await example.body();

    await row.getByRole("button", { name: `Ver contatos: ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Contatos da lista ${name}` })).toBeVisible();
    await page.getByRole("button", { name: "Importar" }).click();
    const confirm = page.getByRole("dialog", { name: "Importar contatos para a lista?" });
    await expect(confirm.getByRole("link", { name: "Baixar a planilha de exemplo" })).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Continuar" })).toBeEnabled();
    await page.waitForTimeout(400);
    await page.screenshot({ path: shot("import-confirm") });
    await confirm.getByRole("button", { name: "Continuar" }).click();
    const importing = page.getByRole("dialog", { name: "Importar contatos da planilha" });
    await page.getByTestId("spreadsheet-import-file").setInputFiles({ name: "planilha-exemplo.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: spreadsheet });
    await importing.getByRole("button", { name: "Importar" }).click();
    await expect(importing.getByText("Criados: 2")).toBeVisible({ timeout: 20_000 });
    await importing.getByRole("button", { name: "Fechar" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Maria Silva" })).toBeVisible();

    await page.getByRole("button", { name: "Adicionar contato" }).click();
    const contact = page.getByRole("dialog", { name: "Adicionar contato à lista" });
    await contact.getByLabel("Nome").fill("Dora Reis");
    await contact.getByLabel("Número").fill("5511977770000");
    await contact.getByLabel("E-mail").fill("dora@");
    await contact.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(contact.getByText("E-mail inválido")).toBeVisible();
    await contact.getByLabel("E-mail").fill("dora@example.com");
    await contact.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(contact).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole("row").filter({ hasText: "Dora Reis" })).toBeVisible();
    await page.screenshot({ path: shot("list-contacts"), fullPage: true });

    await page.getByRole("button", { name: "Voltar" }).click();
    await expect(page.getByRole("row").filter({ hasText: name }).getByRole("cell", { name: "3", exact: true })).toBeVisible();
    await page.screenshot({ path: shot("contact-lists"), fullPage: true });
  });

  test("the admin makes a file list with a file; the pages read in dark mode", async ({ page }) => {
    const name = `Catálogo ${suffix()}`;
    await logIn(page);
    await page.goto("/files");
    await expect(page.getByRole("heading", { name: "Lista de arquivos" })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Adicionar lista de arquivos" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar lista de arquivos" });
    await add.getByLabel("Nome").fill("Ca");
    await add.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(add.getByText("nome muito curto")).toBeVisible();
    await expect(add.getByText("Obrigatório")).toBeVisible();
    await add.getByLabel("Nome").fill(name);
    await add.getByLabel("Mensagem").fill("Veja nosso catálogo");
    await page.getByTestId("file-list-files").setInputFiles({ name: "folheto.png", mimeType: "image/png", buffer: PNG });
    await expect(add.getByText("folheto.png")).toBeVisible();
    await page.screenshot({ path: shot("files-dialog") });
    await add.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(add).toBeHidden({ timeout: 20_000 });
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("(1 arquivo)")).toBeVisible();

    await row.getByRole("button", { name: `Editar: ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar lista de arquivos" });
    await expect(edit.getByLabel("Nome do arquivo")).toHaveValue("folheto.png");
    await edit.getByRole("button", { name: "Cancelar" }).click();
    await page.screenshot({ path: shot("files"), fullPage: true });

    await page.evaluate(() => localStorage.setItem("preferredTheme", "dark"));
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
    await page.screenshot({ path: shot("files-dark"), fullPage: true });
    await page.goto("/contact-lists");
    await expect(page.getByRole("heading", { name: "Listas de contatos" })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: shot("contact-lists-dark"), fullPage: true });
    await page.evaluate(() => localStorage.setItem("preferredTheme", "light"));
  });
});
