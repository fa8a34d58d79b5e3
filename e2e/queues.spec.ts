import { expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);

test.describe("queues", () => {
  test("the admin creates a queue with a colour, edits it, builds and reorders its menu, finds it and deletes it", async ({ page }) => {
    const tag = suffix();
    const name = `Fila ${tag}`;
    await logIn(page);
    await page.goto("/queues");
    await expect(page.getByRole("heading", { name: "Filas & Chatbot" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Vendas" })).toBeVisible();

    // Create: a name, a free colour of the palette (those in use are disabled) and a greeting.
    await page.getByRole("button", { name: "Adicionar fila" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar fila" });
    await expect(add.getByRole("tab", { name: "Dados da Fila" })).toBeVisible();
    await add.getByLabel(/^Nome/).fill(name);
    const palette = add.getByRole("radiogroup");
    await expect(palette.getByRole("radio")).toHaveCount(50);
    const color = palette.getByRole("radio", { disabled: false }).first();
    const colorName = await color.getAttribute("aria-label");
    await color.click();
    await expect(palette.getByRole("radio", { checked: true })).toHaveAttribute("aria-label", colorName ?? "");
    await add.getByLabel("Mensagem de saudação").fill("Bem-vindo ao setor de testes");
    await expect(add.getByText("Salve a fila para adicionar as opções do chatbot.")).toBeVisible();
    await add.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("Queue saved successfully").first()).toBeVisible();
    await expect(add).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("Bem-vindo ao setor de testes")).toBeVisible();

    // Edit: rename it and give it two chatbot options, then put the second first.
    await row.getByRole("button", { name: `Editar: ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar fila" });
    await expect(edit.getByLabel(/^Nome/)).toHaveValue(name);
    await edit.getByLabel(/^Nome/).fill(`${name} B`);
    for (const [title, message] of [
      ["Boletos", "Sobre boletos"],
      ["Notas fiscais", "Enviaremos a nota"],
    ] as const) {
      await edit.getByRole("button", { name: "Adicionar opção" }).click();
      await edit.getByLabel(/^Título/).fill(title);
      await edit.getByLabel("Mensagem", { exact: true }).fill(message);
      await edit.getByRole("button", { name: "Adicionar opção" }).click();
      await expect(edit.getByRole("listitem", { name: new RegExp(`\\. ${title}$`) })).toBeVisible();
    }
    const menu = edit.getByRole("list", { name: "Opções do chatbot" });
    await expect(menu.getByRole("listitem")).toHaveText([/1\s*Boletos/, /2\s*Notas fiscais/]);
    await edit.getByRole("button", { name: "Mover para cima: 2. Notas fiscais" }).click();
    await expect(menu.getByRole("listitem")).toHaveText([/1\s*Notas fiscais/, /2\s*Boletos/]);
    await edit.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: `${name} B` })).toBeVisible();

    // The menu was saved: opening the queue again shows it in the new order.
    await page.getByRole("button", { name: `Editar: ${name} B` }).click();
    const reopened = page.getByRole("dialog", { name: "Editar fila" });
    await expect(reopened.getByRole("list", { name: "Opções do chatbot" }).getByRole("listitem")).toHaveText([/1\s*Notas fiscais/, /2\s*Boletos/]);
    await reopened.getByRole("button", { name: "Cancelar" }).click();
    await expect(reopened).toBeHidden();

    // Search: lower-cased, after a pause; only this queue is left.
    await page.getByRole("searchbox", { name: "Pesquisar" }).fill(tag.toUpperCase());
    await expect(page.getByRole("row").filter({ hasText: "Vendas" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: `${name} B` })).toHaveCount(1);

    // Delete, after confirming.
    await page.getByRole("button", { name: `Excluir: ${name} B` }).click();
    await page.getByRole("dialog", { name: `Excluir a fila ${name} B?` }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByRole("row").filter({ hasText: `${name} B` })).toHaveCount(0);
  });
});
