import { expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);

test.describe("tags", () => {
  test("the admin adds a kanban tag, edits it, finds it and deletes it", async ({ page }) => {
    const tag = suffix();
    const name = `Proposta ${tag}`;
    await logIn(page);
    await page.goto("/tags");
    await expect(page.getByRole("heading", { name: "Tags" })).toBeVisible();

    await page.getByRole("button", { name: "Adicionar tag" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar tag" });
    await add.getByRole("button", { name: "Adicionar" }).click();
    await expect(add.getByText("Obrigatório")).toBeVisible();
    await add.getByLabel("Nome").fill("ab");
    await add.getByRole("button", { name: "Adicionar" }).click();
    await expect(add.getByText("Mensagem muito curta")).toBeVisible();
    await add.getByLabel("Nome").fill(name);
    await add.getByLabel("Cor").fill("#1565c0");
    await add.getByRole("switch", { name: "Usar como coluna do Kanban" }).check();
    await add.getByRole("button", { name: "Adicionar" }).click();
    await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
    await expect(add).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByRole("img", { name: "Coluna do Kanban" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "0", exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Editar: ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar tag" });
    await expect(edit.getByLabel("Nome")).toHaveValue(name);
    await edit.getByLabel("Nome").fill(`${name} enviada`);
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: `${name} enviada` })).toHaveCount(1);

    await page.getByRole("searchbox", { name: "Pesquisar" }).fill(`ENVIADA`);
    await expect(page.getByRole("row").filter({ hasText: `${name} enviada` })).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Pesquisar" }).fill(`nada-${tag}`);
    await expect(page.getByText("Nenhum registro encontrado.")).toBeVisible();
    await page.getByRole("searchbox", { name: "Pesquisar" }).fill(tag);

    await page.getByRole("button", { name: `Excluir: ${name} enviada` }).click();
    await page.getByRole("dialog", { name: `Excluir a tag ${name} enviada?` }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  });
});
