import { readFileSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator, tokenOf } from "./helpers.ts";

/**
 * The files of a ZIP whose entries are stored (not compressed), as the contact export writes them: read
 * from the central directory, each entry's bytes follow its local header.
 */
function storedZipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("not a zip: broken central directory");
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    if (method !== 0) throw new Error(`${name} is compressed`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    files.set(name, zip.subarray(start, start + size));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

async function api<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), `GET ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test.describe("a customer's data rights", () => {
  test("an admin exports a contact with its messages, then erases it by typing its number", async ({ browser }) => {
    test.setTimeout(240_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const name = `Titular ${suffix}`;
    const number = `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const simulator = await context.newPage();
    try {
      await logIn(page);
      await pairSimulator(simulator);
      await customerSays(simulator, number, name, `Olá, aqui é ${name}`);
      await customerSays(simulator, number, name, "Quero uma cópia dos meus dados");
      await simulator.close();

      // The contact exists once its messages arrived.
      await expect
        .poll(async () => (await api<{ contacts: { name: string }[] }>(page, `/contacts?searchParam=${suffix}`)).contacts.map((c) => c.name), { timeout: 15_000 })
        .toContain(name);

      await page.goto("/contacts");
      await expect(page.getByRole("heading", { name: "Contatos" })).toBeVisible({ timeout: 20_000 });
      await page.getByRole("searchbox", { name: "Pesquisar" }).fill(suffix);
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toBeVisible({ timeout: 15_000 });
      const contactId = Number(await row.getAttribute("data-contact-id"));

      const downloaded = page.waitForEvent("download");
      await row.getByRole("button", { name: `Exportar dados: ${name}` }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(`contato-${contactId}-dados.zip`);
      const zip = readFileSync((await download.path())!);
      const files = storedZipEntries(zip);
      const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as { contact: { id: number; name: string; number: string }; counts: Record<string, number> };
      expect(manifest.contact).toEqual({ id: contactId, name, number });
      expect(manifest.counts.tickets).toBe(1);
      expect(manifest.counts.messages).toBeGreaterThanOrEqual(2);
      const bodies = (JSON.parse(files.get("messages.json")!.toString("utf8")) as { body: string }[]).map((message) => message.body);
      expect(bodies).toContain("Quero uma cópia dos meus dados");
      // The progress shown while the file arrived is gone once it is saved.
      await expect(page.getByRole("status").filter({ hasText: "Exportando" })).toBeHidden();

      await row.getByRole("button", { name: `Apagar dados pessoais: ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Apagar os dados pessoais de ${name}?` });
      const confirm = dialog.getByRole("button", { name: "Apagar dados" });
      await expect(confirm).toBeDisabled();
      await dialog.getByRole("textbox", { name: "Número do contato" }).fill(number.slice(0, -1));
      await expect(confirm).toBeDisabled();
      await dialog.getByRole("textbox", { name: "Número do contato" }).fill(number);
      await confirm.click();
      await expect(dialog).toBeHidden();

      // Without reloading: the name searched for is gone; without the search, the row shows the replaced name.
      await expect(page.getByText(name)).toHaveCount(0);
      await page.getByRole("searchbox", { name: "Pesquisar" }).fill("");
      const erasedRow = page.locator(`tr[data-contact-id="${contactId}"]`);
      await expect(erasedRow).toContainText("Contato removido", { timeout: 15_000 });
      await expect(erasedRow.getByRole("button", { name: "Apagar dados pessoais: Contato removido" })).toBeDisabled();

      // The ticket stays, without the conversation's text.
      const { tickets } = await api<{ tickets: { uuid: string }[] }>(page, `/tickets?contactId=${contactId}&showAll=true`);
      expect(tickets).toHaveLength(1);
      await page.goto(`/tickets/${tickets[0]!.uuid}`);
      await expect(page.getByText("Contato removido").first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText("Quero uma cópia dos meus dados")).toHaveCount(0);
      await expect(page.getByText(name)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
