import { type Page, expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator, tokenOf } from "./helpers.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");

/** A request with the session of `page`; answers the parsed body. */
async function api<T>(page: Page, method: string, url: string): Promise<T> {
  const response = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * What the attendant's messages brought to the customer's phone, in the order they arrived: the text
 * (without the signature), or the file name; the bot's greeting before them is left out.
 */
async function phoneOf(page: Page, connectionId: number, number: string): Promise<string[]> {
  const thread = await api<{ messages: { direction: string; body: string; media: { filename: string | null } | null }[] }>(
    page,
    "GET",
    `/simulator/connections/${connectionId}/chats/${number}/messages?pageSize=100`,
  );
  const arrived = thread.messages.filter((m) => m.direction === "out").map((m) => m.media?.filename ?? m.body.replace(/^\*[^*\n]+\*:\n/, ""));
  const first = arrived.indexOf("antes da queda");
  return first < 0 ? [] : arrived.slice(first);
}

test.describe("the inbox", () => {
  test("messages written while the network is down reach the customer in the order sent, files of one send included", async ({ browser }) => {
    test.setTimeout(120_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const customer = `Cliente Ordem ${suffix}`;
    const number = `55117${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    let connection: { id: number } | undefined;
    try {
      await logIn(attendant);
      await pairSimulator(simulator);
      const [found] = await api<{ id: number; status: string }[]>(attendant, "GET", "/simulator/connections");
      if (!found) throw new Error("no simulator connection");
      connection = found;

      await customerSays(simulator, number, customer, "Pode me mandar os arquivos?");
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      const row = attendant.getByRole("listitem", { name: new RegExp(customer) });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await row.getByRole("button", { name: new RegExp(`Aceitar o atendimento de ${customer}`) }).click();
      const input = attendant.getByRole("textbox", { name: "Mensagem" });
      await expect(input).toBeEnabled({ timeout: 15_000 });

      await input.fill("antes da queda");
      await attendant.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect.poll(() => phoneOf(attendant, found.id, number), { timeout: 15_000 }).toEqual(["antes da queda"]);

      // The phone loses its network; the attendant keeps writing.
      await simulator.getByRole("button", { name: "Derrubar a rede" }).click();
      await expect(simulator.getByText("Desconectado", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
      const written = ["primeira", "segunda", "terceira"];
      for (const text of written) {
        await input.fill(text);
        await attendant.getByRole("button", { name: "Enviar", exact: true }).click();
        // Shown signed: "Administrador: primeira".
        await expect(attendant.getByText(new RegExp(`:\\s+${text}$`)).first()).toBeVisible({ timeout: 15_000 });
      }
      const files = ["1-capa.png", "2-miolo.png", "3-fim.png"];
      await attendant.locator("input[type=file]").setInputFiles(files.map((name) => ({ name, mimeType: "image/png", buffer: PNG })));
      await attendant.getByRole("button", { name: "Enviar", exact: true }).click();
      await expect(attendant.getByRole("img", { name: "3-fim.png" })).toBeVisible({ timeout: 15_000 });

      // The network comes back: everything goes out, in the order it was written.
      await api(attendant, "POST", `/whatsappsession/${found.id}`);
      const expected = ["antes da queda", ...written, ...files];
      await expect.poll(() => phoneOf(attendant, found.id, number), { timeout: 60_000 }).toEqual(expected);
    } finally {
      // The next specs need the phone connected, whatever happened here.
      if (connection) await attendant.request.post(`/whatsappsession/${connection.id}`, { headers: { authorization: `Bearer ${await tokenOf(attendant)}` } }).catch(() => undefined);
      await attendant.context().close();
    }
  });

  test("search finds names and messages whatever the accents typed, and opens the conversation at the message found", async ({ browser }) => {
    test.setTimeout(90_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const customer = `João Araújo ${suffix}`;
    const number = `55116${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    try {
      await logIn(attendant);
      await pairSimulator(simulator);
      await customerSays(simulator, number, customer, `Quero um orçamento ${suffix}`);
      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await expect(attendant.getByRole("listitem", { name: new RegExp(customer) })).toBeVisible({ timeout: 15_000 });

      const search = attendant.getByRole("searchbox", { name: "Buscar atendimentos e mensagens" });
      await search.fill(`joao araujo ${suffix}`);
      await expect(attendant.getByRole("listitem", { name: new RegExp(customer) })).toBeVisible({ timeout: 15_000 });
      await search.fill(`orcamento ${suffix}`);
      const found = attendant.getByRole("listitem", { name: new RegExp(customer) });
      await expect(found).toBeVisible({ timeout: 15_000 });
      // Found by the message: the row shows it, the match in bold, and accepting opens the conversation at it.
      await expect(found.getByTestId("search-match")).toHaveText(`Quero um orçamento ${suffix}`);
      await expect(found.getByTestId("search-match").locator("strong")).toHaveText(`orçamento ${suffix}`);
      await found.getByRole("button", { name: new RegExp(`Aceitar o atendimento de ${customer}`) }).click();
      await expect(attendant).toHaveURL(/\?message=\d+$/, { timeout: 15_000 });
      await expect(attendant.locator('[data-highlighted="true"]')).toContainText(`Quero um orçamento ${suffix}`, { timeout: 15_000 });

      await attendant.getByRole("link", { name: "Contatos" }).click();
      await expect(attendant).toHaveURL(/\/contacts$/);
      // Two of the name's three words: the answer of the search itself, not the unfiltered list shown before it.
      const answered = attendant.waitForResponse((r) => r.url().includes(`/contacts?searchParam=joao+${suffix}`));
      await attendant.getByRole("searchbox", { name: "Pesquisar" }).fill(`JOAO ${suffix}`);
      expect((await (await answered).json()).contacts).toEqual([expect.objectContaining({ name: customer })]);
      await expect(attendant.getByRole("row").filter({ hasText: customer })).toBeVisible({ timeout: 15_000 });
    } finally {
      await attendant.context().close();
    }
  });
});
