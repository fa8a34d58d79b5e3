import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL } from "./playwright.config.ts";
import { logIn } from "./helpers.ts";

test.describe("the application shell", () => {
  test("a visitor is sent to the login page, which links to password reset and sign-up", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("link", { name: "Esqueceu sua senha?" })).toHaveAttribute("href", "/forgetpsw");
    await expect(page.getByRole("link", { name: "Não tem uma conta? Cadastre-se!" })).toHaveAttribute("href", "/signup");
  });

  test("wrong credentials show the catalogue's text and keep the visitor on the login page", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
    await page.getByLabel(/^Senha/).fill("wrong-password");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Erro de autenticação. Verifique o e-mail e a senha e tente novamente.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the admin logs in and sees the greeting, the admin menu and the version", async ({ page }) => {
    await logIn(page);
    await expect(page.getByText("Olá Administrador, Bem-vindo à Conversa Demo!")).toBeVisible();
    await expect(page.getByText(/Ativo até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    for (const item of ["Dashboard", "Atendimentos", "Kanban", "Respostas rápidas", "Tarefas", "Contatos", "Agendamentos", "Tags", "Chat interno", "Ajuda", "Conexões", "Filas & Chatbot", "Usuários", "Configurações", "Informativos"]) {
      await expect(menu.getByRole("link", { name: item, exact: true }).first()).toBeVisible();
    }
    await expect(menu.getByText("Administração")).toBeVisible();
    await expect(page.getByText("v4.8.2")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
  });

  test("the colour mode toggles, is kept in preferredTheme and survives a reload", async ({ page }) => {
    await logIn(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole("button", { name: "Usar o modo escuro" }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("preferredTheme"))).toBe("dark");
    const dark = await background();
    expect(dark).not.toBe(light);
    await page.reload();
    await expect(page.getByRole("button", { name: "Usar o modo claro" })).toBeVisible();
    expect(await background()).toBe(dark);
  });

  test("the language switches to English and Spanish and is kept in i18nextLng", async ({ page }) => {
    await logIn(page);
    await page.getByRole("button", { name: "Idioma" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    const menu = page.getByRole("navigation");
    await expect(menu.getByRole("link", { name: "Tickets", exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("en");
    await page.reload();
    await expect(menu.getByRole("link", { name: "Tickets", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Language" }).click();
    await page.getByRole("menuitem", { name: "Español" }).click();
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("es");
    await page.getByRole("button", { name: "Idioma" }).click();
    await page.getByRole("menuitem", { name: "Português (Brasil)" }).click();
    await expect(menu.getByRole("link", { name: "Atendimentos", exact: true })).toBeVisible();
  });

  test("logging out ends the session and private pages send back to login", async ({ page }) => {
    await logIn(page);
    await page.getByRole("button", { name: "Conta" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.goto("/tickets");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a login of the same account elsewhere ends the first session with the spec's notice", async ({ browser }) => {
    const first = await browser.newPage();
    const second = await browser.newPage({ storageState: undefined });
    try {
      await logIn(first);
      await logIn(second);
      await expect(first.getByText("Sua conta foi acessada em outro computador.")).toBeVisible();
      await expect(first).toHaveURL(/\/login$/, { timeout: 10_000 });
      await expect(second.getByText("Olá Administrador, Bem-vindo à Conversa Demo!")).toBeVisible();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

test.describe("the to-do list", () => {
  test("adds, edits and deletes tasks, ignores empty text and keeps them in session storage", async ({ page }) => {
    await logIn(page);
    await page.getByRole("navigation").getByRole("link", { name: "Tarefas", exact: true }).click();
    await expect(page).toHaveURL(/\/todolist$/);
    const input = page.getByLabel("Nova tarefa");

    await input.fill("   ");
    await page.getByRole("button", { name: "Adicionar" }).click();
    await expect(page.getByText("Nenhuma tarefa por enquanto.")).toBeVisible();

    await input.fill("Ligar para o cliente");
    await input.press("Enter");
    await expect(page.getByText("Ligar para o cliente")).toBeVisible();

    await page.getByRole("button", { name: "Editar" }).click();
    await expect(input).toHaveValue("Ligar para o cliente");
    await input.fill("Ligar para o cliente às 15h");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Ligar para o cliente às 15h")).toBeVisible();

    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("tasks") ?? "[]"));
    expect(stored).toEqual([expect.objectContaining({ text: "Ligar para o cliente às 15h", createdAt: expect.any(String), updatedAt: expect.any(String) })]);

    await page.reload();
    await expect(page.getByText("Ligar para o cliente às 15h")).toBeVisible();
    await page.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Nenhuma tarefa por enquanto.")).toBeVisible();
  });
});
