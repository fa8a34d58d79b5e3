import { type Page, expect } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./playwright.config.ts";

/** Logs in through the login page and waits for the tickets page. */
export async function logIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/tickets$/);
}
