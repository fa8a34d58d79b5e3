import { expect, test } from "@playwright/test";
import { createUserViaApi, logIn } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);

test.describe("internal chat", () => {
  test("two attendants chat live: the other sees the badge, the menu dot and the popover, opening the chat clears them, and the answer arrives live", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const tag = suffix();
    const ana = { name: `Ana ${tag}`, email: `ana-chat-${tag}@example.com`, password: "Atendente-1" };
    const bruno = { name: `Bruno ${tag}`, email: `bruno-chat-${tag}@example.com`, password: "Atendente-2" };
    await createUserViaApi(request, ana);
    await createUserViaApi(request, bruno);
    const title = `Escala de sábado ${tag}`;

    const brunoContext = await browser.newContext();
    const brunoPage = await brunoContext.newPage();
    await logIn(brunoPage, bruno.email, bruno.password);
    await expect(brunoPage.getByRole("button", { name: "Chat interno (0 conversas não lidas)" })).toBeVisible();
    const brunoMenuLink = brunoPage.getByRole("link", { name: /Chat interno/ });
    await expect(brunoMenuLink).toBeVisible();
    await expect(brunoMenuLink.getByRole("img", { name: "Há conversas não lidas" })).toHaveCount(0);

    // Ana opens a chat with Bruno; the dialog first asks for what is missing.
    const anaContext = await browser.newContext();
    const anaPage = await anaContext.newPage();
    await logIn(anaPage, ana.email, ana.password);
    await anaPage.goto("/chats");
    await anaPage.getByRole("button", { name: "Nova conversa" }).click();
    const dialog = anaPage.getByRole("dialog", { name: "Nova conversa" });
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(dialog.getByText("Por favor, preencha o título da conversa.")).toBeVisible();
    await expect(dialog.getByText("Por favor, selecione pelo menos um usuário.")).toBeVisible();
    await dialog.getByLabel(/^Título/).fill(title);
    await dialog.getByRole("combobox", { name: "Usuários" }).click();
    await anaPage.getByRole("option", { name: bruno.name }).click();
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(dialog).toBeHidden();
    await expect(anaPage).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    const chatPath = new URL(anaPage.url()).pathname;
    const anaMessages = anaPage.getByRole("log", { name: `Mensagens de ${title}` });
    await expect(anaMessages.getByText("Nenhuma mensagem ainda. Escreva a primeira!")).toBeVisible();

    const composer = anaPage.getByRole("textbox", { name: "Mensagem" });
    await composer.fill(`Oi Bruno, tudo certo para sábado? ${tag}`);
    await composer.press("Enter");
    await expect(anaMessages.getByText(`Oi Bruno, tudo certo para sábado? ${tag}`)).toBeVisible();
    await expect(composer).toHaveValue("");

    // Bruno, on another page, sees it arrive: the badge, the menu's dot, the chat in the popover.
    const brunoButton = brunoPage.getByRole("button", { name: "Chat interno (1 conversas não lidas)" });
    await expect(brunoButton).toBeVisible({ timeout: 10_000 });
    await expect(brunoMenuLink.getByRole("img", { name: "Há conversas não lidas" })).toBeVisible();
    await brunoButton.click();
    const popover = brunoPage.getByRole("dialog", { name: "Chat interno" });
    const row = popover.getByRole("button", { name: `Abrir a conversa ${title}: 1 mensagens não lidas` });
    await expect(row).toBeVisible();
    await expect(row.getByText(`Oi Bruno, tudo certo para sábado? ${tag}`)).toBeVisible();
    await row.click();

    // Opening the chat clears the unread count: the badge, the dot and the list's count go.
    await expect(brunoPage).toHaveURL(new RegExp(`${chatPath}$`));
    const brunoMessages = brunoPage.getByRole("log", { name: `Mensagens de ${title}` });
    await expect(brunoMessages.getByText(`Oi Bruno, tudo certo para sábado? ${tag}`)).toBeVisible();
    await expect(brunoMessages.getByRole("heading", { name: ana.name })).toBeVisible();
    await expect(brunoPage.getByRole("button", { name: "Chat interno (0 conversas não lidas)" })).toBeVisible({ timeout: 10_000 });
    await expect(brunoMenuLink.getByRole("img", { name: "Há conversas não lidas" })).toHaveCount(0);
    const brunoList = brunoPage.getByRole("list", { name: "Conversas" });
    await expect(brunoList.getByText(title)).toBeVisible();
    await expect(brunoList.getByRole("status", { name: /mensagens não lidas/ })).toHaveCount(0);
    // Only the owner edits or deletes: Bruno has no such buttons.
    await expect(brunoList.getByRole("button", { name: `Editar: ${title}` })).toHaveCount(0);
    await expect(anaPage.getByRole("list", { name: "Conversas" }).getByRole("button", { name: `Editar: ${title}` })).toBeVisible();

    // Bruno answers; Ana, looking at the chat, sees it live and it does not count as unread for her.
    const brunoComposer = brunoPage.getByRole("textbox", { name: "Mensagem" });
    await brunoComposer.fill(`Tudo certo! ${tag}`);
    await brunoComposer.press("Enter");
    await expect(anaMessages.getByText(`Tudo certo! ${tag}`)).toBeVisible({ timeout: 10_000 });
    await expect(anaMessages.getByRole("heading", { name: bruno.name })).toBeVisible();
    await expect(anaPage.getByRole("button", { name: "Chat interno (0 conversas não lidas)" })).toBeVisible({ timeout: 10_000 });

    await brunoContext.close();
    await anaContext.close();
  });
});
