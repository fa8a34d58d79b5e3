import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatPhoneNumber } from "@conversa/shared";
import { type Page, expect, test } from "@playwright/test";
import * as XLSX from "xlsx";
import { logIn } from "./helpers.ts";

/** A suffix that keeps this run's contacts apart from any other test's data. */
const suffix = () => Math.random().toString(36).slice(2, 8);
/** A Brazilian mobile number nobody else uses in this run. */
const phone = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

function contactRow(page: Page, name: string) {
  return page.getByRole("row").filter({ hasText: name });
}

/** Types a search and waits for the list's answer to it (the search is sent lower-cased once the typing pauses). */
async function search(page: Page, text: string): Promise<void> {
  const wanted = text.trim().toLowerCase();
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith("/contacts") && url.searchParams.get("searchParam") === wanted;
  });
  await page.getByRole("searchbox", { name: "Pesquisar" }).fill(text);
  await answered;
}

test.describe("contacts", () => {
  test("an admin adds, finds, edits, opens a ticket for and deletes a contact", async ({ page }) => {
    const id = suffix();
    const name = `Cliente ${id}`;
    const number = phone();
    await logIn(page);
    await page.goto("/contacts");
    await expect(page.getByRole("heading", { name: "Contatos" })).toBeVisible();

    await page.getByRole("button", { name: "Adicionar contato" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar contato" });
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(name);
    await dialog.getByRole("textbox", { name: /Número do WhatsApp/ }).fill(`+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`);
    await dialog.getByRole("textbox", { name: /E-mail/ }).fill(`cliente-${id}@example.com`);
    await dialog.getByRole("button", { name: "Adicionar informação" }).click();
    await dialog.getByRole("textbox", { name: "Nome do campo" }).fill("Empresa");
    await dialog.getByRole("textbox", { name: "Valor" }).fill("ACME");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog).toBeHidden();
    // The list shows the number formatted for reading; the CSV export below keeps its digits.
    await expect(contactRow(page, name)).toContainText(formatPhoneNumber(number));

    // The search is applied lower-cased after the typing pauses; another name is no longer listed.
    await search(page, `CLIENTE ${id.toUpperCase()}`);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(contactRow(page, name)).toBeVisible();
    await search(page, `ninguém ${id}`);
    await expect(page.getByText("Nenhum registro encontrado.")).toBeVisible();
    await search(page, id);

    // A second contact with the same number is refused on the number field.
    await page.getByRole("button", { name: "Adicionar contato" }).click();
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(`Outro ${id}`);
    await dialog.getByRole("textbox", { name: /Número do WhatsApp/ }).fill(number);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByText("Já existe um contato com este número.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    await contactRow(page, name).getByRole("button", { name: `Editar: ${name}` }).click();
    const editor = page.getByRole("dialog", { name: "Editar contato" });
    await expect(editor.getByRole("textbox", { name: "Valor" })).toHaveValue("ACME");
    await editor.getByRole("textbox", { name: "Nome", exact: true }).fill(`${name} Silva`);
    await editor.getByRole("button", { name: "Salvar" }).click();
    await expect(editor).toBeHidden();
    await expect(contactRow(page, `${name} Silva`)).toBeVisible();

    await contactRow(page, name).getByRole("button", { name: `Abrir atendimento: ${name} Silva` }).click();
    const newTicket = page.getByRole("dialog", { name: "Novo atendimento" });
    await expect(newTicket.getByRole("combobox", { name: /Contato/ })).toHaveValue(`${name} Silva`);
    await newTicket.getByRole("button", { name: "Cancelar" }).click();

    await contactRow(page, name).getByRole("button", { name: `Excluir: ${name} Silva` }).click();
    await page.getByRole("dialog", { name: `Excluir o contato ${name} Silva?` }).getByRole("button", { name: "Excluir" }).click();
    await expect(contactRow(page, name)).toHaveCount(0);
    await expect(page.getByText("Nenhum registro encontrado.")).toBeVisible();
  });

  test("a spreadsheet is imported with a report of its rows, and the list exports as CSV", async ({ page }) => {
    const id = suffix();
    const first = phone();
    const second = phone();
    const dir = mkdtempSync(path.join(os.tmpdir(), "conversa-contacts-"));
    const file = path.join(dir, `contatos-${id}.xlsx`);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ["Nome", "Número", "E-mail", "Cidade"],
        [`Importada ${id} Ana`, Number(first), `ana-${id}@example.com`, "Recife"],
        [`Importada ${id} Bruno`, second, "", ""],
        ["X", phone(), "", ""],
        [`Importada ${id} Carla`, "123", "", ""],
      ]),
      "Contatos",
    );
    writeFileSync(file, XLSX.write(book, { bookType: "xlsx", type: "buffer" }));

    try {
      await logIn(page);
      await page.goto("/contacts");
      await page.getByRole("button", { name: "Importar" }).click();
      await page.getByRole("menuitem", { name: "De uma planilha (.xls, .xlsx)" }).click();
      const dialog = page.getByRole("dialog", { name: "Importar contatos de uma planilha" });
      await dialog.getByTestId("spreadsheet-import-file").setInputFiles(file);
      await expect(dialog.getByText(`contatos-${id}.xlsx`)).toBeVisible();
      await dialog.getByRole("button", { name: "Importar" }).click();

      await expect(dialog.getByText("Criados: 2")).toBeVisible({ timeout: 20_000 });
      await expect(dialog.getByText("Rejeitados: 2")).toBeVisible();
      await expect(dialog.getByRole("row").filter({ hasText: "Nome curto demais (mínimo 2 caracteres)" })).toContainText("4");
      await expect(dialog.getByRole("row").filter({ hasText: "Número curto demais (mínimo 8 dígitos)" })).toContainText(`Importada ${id} Carla`);
      await dialog.getByRole("button", { name: "Fechar" }).click();

      await search(page, `importada ${id}`);
      // The search is applied once the typing pauses: the header and the two imported contacts.
      await expect(page.getByRole("row")).toHaveCount(3);
      await expect(contactRow(page, `Importada ${id} Ana`)).toContainText(formatPhoneNumber(first));
      await expect(contactRow(page, `Importada ${id} Bruno`)).toContainText(formatPhoneNumber(second));

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Exportar CSV" }).click();
      const csv = readFileSync(await (await download).path(), "utf8");
      expect(csv).toContain("name;number;email");
      expect(csv).toContain(`Importada ${id} Ana;${first};ana-${id}@example.com`);
      expect(csv).not.toContain("Carla");

      await search(page, `nada ${id}`);
      await expect(page.getByText("Nenhum registro encontrado.")).toBeVisible();
      await page.getByRole("button", { name: "Exportar CSV" }).click();
      await expect(page.getByText("Sem dados")).toBeVisible();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
