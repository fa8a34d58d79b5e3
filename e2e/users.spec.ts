import { expect, test } from "@playwright/test";
import { createUserViaApi, deleteUserViaApi, logIn, tokenOf } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);

test.describe("users", () => {
  test("the admin adds a user, who logs in, then edits, finds and deletes them", async ({ page, browser }) => {
    const tag = suffix();
    const name = `Pessoa ${tag}`;
    const email = `pessoa-${tag}@example.com`;
    await logIn(page);
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Usuários" })).toBeVisible();

    await page.getByRole("button", { name: "Adicionar usuário" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar usuário" });
    await add.getByLabel("Nome").fill(name);
    await add.getByLabel("E-mail").fill(email);
    await add.getByLabel(/^Senha/).fill("Senha-e2e-1");
    await add.getByRole("combobox", { name: "Filas" }).click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await page.keyboard.press("Escape");
    await add.getByRole("button", { name: "Adicionar" }).click();
    await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
    await expect(add).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Vendas")).toBeVisible();
    await expect(row.getByText("Usuário", { exact: true })).toBeVisible();

    // The new account works, in a browser of its own.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    try {
      await logIn(otherPage, email, "Senha-e2e-1");
      await expect(otherPage.getByText(`Olá ${name},`)).toBeVisible();

      await row.getByRole("button", { name: `Editar: ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Editar usuário" });
      await expect(edit.getByLabel("Nome")).toHaveValue(name);
      await edit.getByLabel("Nome").fill(`${name} Editada`);
      await edit.getByRole("button", { name: "Salvar" }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole("cell", { name: `${name} Editada`, exact: true })).toBeVisible();

      await page.getByRole("searchbox", { name: "Pesquisar" }).fill(tag.toUpperCase());
      await expect(page.getByRole("cell", { name: /Administrador|admin@conversa\.local/ })).toHaveCount(0);
      await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);

      await page.getByRole("button", { name: `Excluir: ${name} Editada` }).click();
      await page.getByRole("dialog", { name: `Excluir ${name} Editada?` }).getByRole("button", { name: "Excluir" }).click();
      await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

      // The deleted account's session ends at once.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/login$/);
    } finally {
      await other.close();
    }
  });

  test("a user changes their own name and password from Profile", async ({ page, request }) => {
    const tag = suffix();
    const email = `perfil-${tag}@example.com`;
    const id = await createUserViaApi(request, { name: `Perfil ${tag}`, email, password: "Senha-antiga-1" });
    await logIn(page, email, "Senha-antiga-1");

    await page.getByRole("button", { name: "Conta" }).click();
    await page.getByRole("menuitem", { name: "Perfil" }).click();
    const dialog = page.getByRole("dialog", { name: "Perfil" });
    await expect(dialog.getByLabel("Nome")).toHaveValue(`Perfil ${tag}`);
    await expect(dialog.getByRole("combobox", { name: "Perfil" })).toHaveCount(0);
    await expect(dialog.getByRole("combobox", { name: "Filas" })).toHaveCount(0);
    await dialog.getByLabel("Nome").fill(`Perfil ${tag} Novo`);
    await dialog.getByLabel(/^Senha/).fill("Senha-nova-1");
    await dialog.getByLabel(/^Senha atual/).fill("Senha-antiga-1");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Olá Perfil ${tag} Novo,`)).toBeVisible();

    await page.getByRole("button", { name: "Conta" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await logIn(page, email, "Senha-nova-1");

    // Leave the plan's user limit as it was.
    await page.getByRole("button", { name: "Conta" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await logIn(page);
    await deleteUserViaApi(request, id, await tokenOf(page));
  });
});
