import { type Page, expect, test } from "@playwright/test";
import { customerSays, logIn, pairSimulator, waitingRow } from "./helpers.ts";

/** A customer of the simulator writes first, so that the contact exists; answers the contact's name. */
async function newCustomer(simulator: Page, label: string): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `${label} ${suffix}`;
  await pairSimulator(simulator);
  await customerSays(simulator, `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`, name, "Olá, podem me avisar depois?");
  return name;
}

/** The value of a datetime-local input for a moment, in the browser's own time zone. */
function localInput(page: Page, offsetMs: number, at?: { dayOffset: number; hour: number }): Promise<string> {
  return page.evaluate(
    ([offset, target]) => {
      const date = new Date(Date.now() + offset);
      if (target) {
        date.setDate(date.getDate() + target.dayOffset);
        date.setHours(target.hour, 0, 0, 0);
      }
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    },
    [offsetMs, at ?? null] as const,
  );
}

/** Fills the schedule dialog: the contact found by name, the message and the moment. */
async function fillSchedule(page: Page, contactName: string, body: string, sendAt: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Mensagem pendente" });
  await dialog.getByRole("combobox", { name: /Contato/ }).fill(contactName.toLowerCase());
  // The contact was created by the customer's message a moment ago: the search may need a second look.
  await expect(page.getByRole("option", { name: new RegExp(contactName) })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("option", { name: new RegExp(contactName) }).click();
  await dialog.getByRole("textbox", { name: /Mensagem/ }).fill(body);
  await dialog.getByLabel(/Data do envio/).fill(sendAt);
}

test.describe("schedules", () => {
  test("a message scheduled a minute ahead reaches the customer on the simulator page", async ({ browser }) => {
    test.setTimeout(180_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    try {
      await logIn(attendant);
      const contact = await newCustomer(simulator, "Agenda Cliente");
      const body = `Lembrete agendado ${Math.random().toString(36).slice(2, 7)}`;

      await attendant.goto("/schedules");
      await expect(attendant.getByRole("heading", { name: "Agendamentos", level: 1 })).toBeVisible();
      await attendant.getByRole("button", { name: "Dia", exact: true }).click();
      await attendant.getByRole("button", { name: "Novo agendamento" }).click();
      await fillSchedule(attendant, contact, body, await localInput(attendant, 90_000));
      await attendant.getByRole("button", { name: "Agendar", exact: true }).click();
      await expect(attendant.getByText("Agendamento salvo com sucesso!")).toBeVisible();

      const event = attendant.locator(".rbc-event", { hasText: `${contact}: ${body}` });
      await expect(event).toBeVisible();
      await expect(event).toHaveClass(/schedule-event--PENDENTE/);

      // Sent at its time through the contact's ticket: the customer receives it, the calendar turns it "sent" live.
      await expect(simulator.getByText(body).first()).toBeVisible({ timeout: 120_000 });
      await expect(event).toHaveClass(/schedule-event--ENVIADA/, { timeout: 15_000 });
      await event.click();
      const sent = attendant.getByRole("dialog", { name: "Mensagem enviada" });
      await expect(sent).toBeVisible();
      await expect(sent.getByRole("button", { name: /Agendar|Salvar/ })).toHaveCount(0);
      await sent.getByRole("button", { name: "Fechar" }).click();
    } finally {
      await attendant.context().close();
      await simulator.close();
    }
  });

  test("a schedule is edited and deleted from the calendar", async ({ browser }) => {
    test.setTimeout(90_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    try {
      await logIn(attendant);
      const contact = await newCustomer(simulator, "Agenda Edição");
      const suffix = Math.random().toString(36).slice(2, 7);

      await attendant.goto("/schedules");
      await attendant.getByRole("button", { name: "Dia", exact: true }).click();
      await attendant.getByRole("button", { name: "Próximo" }).click();
      await attendant.getByRole("button", { name: "Novo agendamento" }).click();
      await fillSchedule(attendant, contact, `Primeira versão ${suffix}`, await localInput(attendant, 0, { dayOffset: 1, hour: 10 }));
      await attendant.getByRole("button", { name: "Agendar", exact: true }).click();
      const first = attendant.locator(".rbc-event", { hasText: `Primeira versão ${suffix}` });
      await expect(first).toBeVisible();

      await first.click();
      const editing = attendant.getByRole("dialog", { name: "Mensagem pendente" });
      const message = editing.getByRole("textbox", { name: /Mensagem/ });
      await expect(message).toHaveValue(`Primeira versão ${suffix}`);
      await message.fill("oi");
      await editing.getByRole("button", { name: "Salvar" }).click();
      await expect(editing.getByText("Mensagem muito curta")).toBeVisible();
      await message.fill(`Versão corrigida ${suffix}`);
      await editing.getByRole("button", { name: "Salvar" }).click();
      const edited = attendant.locator(".rbc-event", { hasText: `Versão corrigida ${suffix}` });
      await expect(edited).toBeVisible();
      await expect(first).toHaveCount(0);

      await edited.click();
      await attendant.getByRole("dialog", { name: "Mensagem pendente" }).getByRole("button", { name: "Excluir" }).click();
      const confirm = attendant.getByRole("dialog", { name: "Excluir agendamento?" });
      await confirm.getByRole("button", { name: "Excluir" }).click();
      await expect(attendant.getByText("Agendamento excluído com sucesso!")).toBeVisible();
      await expect(edited).toHaveCount(0);
    } finally {
      await attendant.context().close();
      await simulator.close();
    }
  });
  test("scheduling from the conversation sends the message into that conversation", async ({ browser }) => {
    test.setTimeout(180_000);
    // The simulator page is a tab of the admin's browser (the same context): it works with the admin's session.
    const attendant = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const simulator = await attendant.context().newPage();
    try {
      await logIn(attendant);
      const contact = await newCustomer(simulator, "Agenda Conversa");
      const body = `Aviso pela conversa ${Math.random().toString(36).slice(2, 7)}`;

      await attendant.getByRole("tab", { name: /^Aguardando/ }).click();
      await (await waitingRow(attendant, contact)).getByRole("button", { name: `Aceitar o atendimento de ${contact}` }).click();
      await expect(attendant).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
      await expect(attendant.getByRole("heading", { name: contact, level: 2 })).toBeVisible();
      const conversationUrl = attendant.url();
      const messages = attendant.getByRole("log", { name: "Mensagens" });

      // The conversation's own action opens the dialog with the ticket's contact already chosen.
      await attendant.getByRole("button", { name: "Agendar mensagem", exact: true }).click();
      const dialog = attendant.getByRole("dialog", { name: "Mensagem pendente" });
      await expect(dialog.getByRole("combobox", { name: /Contato/ })).toHaveValue(contact);
      await dialog.getByRole("textbox", { name: /Mensagem/ }).fill(body);
      // The input takes minutes: start of the next minute, from the 30th to the 38th second of this one, is 22 to 30 s ahead.
      await attendant.waitForFunction(() => new Date().getSeconds() >= 30 && new Date().getSeconds() < 38, null, { polling: 250, timeout: 65_000 });
      await dialog.getByLabel(/Data do envio/).fill(await localInput(attendant, 40_000));
      await dialog.getByRole("button", { name: "Agendar", exact: true }).click();
      await expect(attendant.getByText("Agendamento salvo com sucesso!")).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(messages.getByText(body)).toHaveCount(0);

      // At its time the message is sent through this ticket: the open conversation shows it live, and the customer gets it.
      await expect(messages.getByText(body)).toBeVisible({ timeout: 60_000 });
      expect(attendant.url()).toBe(conversationUrl);
      await expect(simulator.getByText(body).first()).toBeVisible({ timeout: 15_000 });
    } finally {
      await attendant.context().close();
      await simulator.close();
    }
  });
});
