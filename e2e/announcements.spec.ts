import { expect, test } from "@playwright/test";
import { createCompanyViaApi, logIn } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082",
  "hex",
);

test.describe("announcements", () => {
  test("the super user publishes an announcement and another user sees it arrive live in the top bar, and leave when withdrawn", async ({ browser, request }) => {
    test.setTimeout(90_000);
    const tag = suffix();
    const title = `Manutenção ${tag}`;
    // The admin of another company: announcements are installation-wide.
    const reader = await createCompanyViaApi(request, `Leitora ${tag}`, `leitora-${tag}@example.com`);

    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    await logIn(readerPage, reader.email, reader.password);
    // The page is the super users' only: anyone else, this company's admin included, is told so and sent to / (the dashboard).
    await readerPage.goto("/announcements");
    await expect(readerPage.getByText("Você não tem permissão para acessar esta página! Estamos lhe redirecionando.")).toBeVisible();
    await expect(readerPage).toHaveURL(/:\d+\/$/);
    const readerButton = readerPage.getByRole("button", { name: /^Informativos \(\d+ novos\)$/ });
    await expect(readerButton).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin);
    await admin.goto("/announcements");
    await expect(admin.getByRole("heading", { name: "Informativos" })).toBeVisible();
    await admin.getByRole("button", { name: "Adicionar informativo" }).click();
    const dialog = admin.getByRole("dialog", { name: "Novo informativo" });
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await expect(dialog.getByText("Informe o título do informativo.")).toBeVisible();
    await expect(dialog.getByText("Informe o texto do informativo.")).toBeVisible();
    await dialog.getByLabel(/^Título/).fill(title);
    await dialog.getByLabel(/^Texto/).fill(`O sistema fica fora do ar no domingo ${tag}.`);
    await dialog.getByRole("combobox", { name: "Prioridade" }).click();
    await admin.getByRole("option", { name: "Alta" }).click();
    await dialog.getByTestId("announcement-file").setInputFiles({ name: "aviso.png", mimeType: "image/png", buffer: PNG });
    await expect(dialog.getByText("aviso.png", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await expect(dialog).toBeHidden();
    const row = admin.getByRole("row").filter({ hasText: title });
    await expect(row.getByText("Alta", { exact: true })).toBeVisible();
    await expect(row.getByRole("img", { name: "Anexo: aviso.png" })).toBeVisible();
    await expect(row.getByText("Ativo", { exact: true })).toBeVisible();

    // The other user's top bar counts it as new, without a reload, and the popover shows it with its picture.
    await expect(readerPage.getByRole("button", { name: /^Informativos \([1-9]\d* novos\)$/ })).toBeVisible({ timeout: 10_000 });
    await readerButton.click();
    const popover = readerPage.getByRole("dialog", { name: "Informativos" });
    const item = popover.getByRole("listitem").filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByText(`O sistema fica fora do ar no domingo ${tag}.`)).toBeVisible();
    await expect(item.getByText("Alta", { exact: true })).toBeVisible();
    await expect(item.getByRole("img", { name: "Imagem do informativo: aviso.png" })).toBeVisible();
    expect(await item.getByRole("img", { name: "Imagem do informativo: aviso.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Withdrawn (made inactive), it leaves the other user's popover live; the super user still lists it.
    await row.getByRole("button", { name: `Editar: ${title}` }).click();
    const edit = admin.getByRole("dialog", { name: "Editar informativo" });
    await expect(edit.getByLabel(/^Título/)).toHaveValue(title);
    await edit.getByRole("switch", { name: "Ativo" }).uncheck();
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByText("Inativo", { exact: true })).toBeVisible();
    await expect(item).toBeHidden({ timeout: 10_000 });

    await readerContext.close();
    await adminContext.close();
  });
});
