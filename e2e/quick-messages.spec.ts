import { expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082",
  "hex",
);

test.describe("quick replies", () => {
  test("the admin adds a shared reply with an attachment, edits it, finds it and deletes it", async ({ page }) => {
    const tag = suffix();
    const shortcode = `catalogo${tag}`;
    await logIn(page);
    await page.goto("/quick-messages");
    await expect(page.getByRole("heading", { name: "Respostas rápidas" })).toBeVisible();
    // The seeded shared replies are listed.
    await expect(page.getByRole("row").filter({ hasText: "/bomdia" })).toHaveCount(1);

    await page.getByRole("button", { name: "Adicionar resposta rápida" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar resposta rápida" });
    await add.getByRole("button", { name: "Adicionar" }).click();
    await expect(add.getByText("Obrigatório")).toBeVisible();
    await add.getByLabel("Atalho").fill(shortcode);
    await add.getByLabel("Mensagem").fill(`Confira o catálogo ${tag}`);
    await add.getByRole("switch", { name: "Geral (compartilhada com a empresa)" }).check();
    await add.getByTestId("quick-message-file").setInputFiles({ name: "catálogo de verão.png", mimeType: "image/png", buffer: PNG });
    await expect(add.getByText("catálogo_de_verão.png", { exact: true })).toBeVisible();
    await add.getByRole("button", { name: "Adicionar" }).click();
    await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
    await expect(add).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: `/${shortcode}` });
    await expect(row.getByText("Geral", { exact: true })).toBeVisible();
    await expect(row.getByRole("img", { name: "Anexo: catálogo_de_verão.png" })).toBeVisible();

    await row.getByRole("button", { name: `Editar: ${shortcode}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar resposta rápida" });
    await expect(edit.getByLabel("Atalho")).toHaveValue(shortcode);
    await expect(edit.getByText("catálogo_de_verão.png", { exact: true })).toBeVisible();
    await edit.getByLabel("Mensagem").fill(`Catálogo novo ${tag}`);
    await edit.getByRole("button", { name: "Remover o anexo catálogo_de_verão.png" }).click();
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole("cell", { name: `Catálogo novo ${tag}`, exact: true })).toBeVisible();
    await expect(row.getByRole("img", { name: /^Anexo:/ })).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Pesquisar" }).fill(`CATÁLOGO NOVO ${tag}`);
    await expect(page.getByRole("row").filter({ hasText: "/bomdia" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: `/${shortcode}` })).toHaveCount(1);

    await page.getByRole("button", { name: `Excluir: ${shortcode}` }).click();
    await page.getByRole("dialog", { name: `Excluir a resposta rápida /${shortcode}?` }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByRole("row").filter({ hasText: `/${shortcode}` })).toHaveCount(0);
  });
});
