import { expect, test } from "@playwright/test";
import { codeOf, createUserViaApi, lastMailTo, logIn } from "./helpers.ts";

// The journey resets the password of a user of its own, never the seeded admin's that the other specs log in with.
test("a user who forgot the password has a code mailed, sets a new password with it and logs in", async ({ page, request }) => {
  const email = `rita.${Date.now()}@conversa.test`;
  const oldPassword = "Old-pass-1";
  const newPassword = "Nova-Senha-2025";
  await createUserViaApi(request, { name: "Rita Reset", email, password: oldPassword });

  await page.goto("/login");
  await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
  await expect(page).toHaveURL(/\/forgetpsw$/);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByText("Email enviado com sucesso!")).toBeVisible();

  const mail = await lastMailTo(email);
  expect(mail.subject).toBe("Código para redefinir sua senha");
  expect(mail.text).toContain("Olá, Rita Reset!");
  await page.getByLabel(/^Código/).fill(codeOf(mail));
  await page.getByLabel(/^Nova senha/).fill(newPassword);
  await page.getByLabel(/^Confirme a nova senha/).fill(newPassword);
  await page.getByRole("button", { name: "Redefinir senha" }).click();

  await expect(page.getByText("Senha redefinida com sucesso.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await request.post("/auth/login", { data: { email, password: oldPassword } })).status()).toBe(401);
  await logIn(page, email, newPassword);
});

test("the link of the mailed message opens the code step with the e-mail filled in, and a wrong code is refused", async ({ page, request }) => {
  const email = `caio.${Date.now()}@conversa.test`;
  await createUserViaApi(request, { name: "Caio Link", email, password: "Old-pass-1" });
  expect((await request.post(`/forgetpassword/${encodeURIComponent(email)}`)).status()).toBe(200);

  const mail = await lastMailTo(email);
  const link = /^(http:\/\/\S+\/forgetpsw\?email=\S+)$/m.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);

  await expect(page.getByLabel(/^E-mail/)).toHaveValue(email);
  await page.getByLabel(/^Código/).fill("WRONG234");
  await page.getByLabel(/^Nova senha/).fill("Nova-Senha-2025");
  await page.getByLabel(/^Confirme a nova senha/).fill("Nova-Senha-2025");
  await page.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(page.getByRole("alert")).toHaveText("Código inválido. Confira o código recebido por e-mail ou peça um novo.");
  await expect(page).toHaveURL(/\/forgetpsw/);
});
