import { expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";

test.describe("form errors", () => {
  test("the integration dialog shows the server's refusal of its URL under the field, and saves once it is fixed", async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page);
    await page.goto("/queue-integration");
    await page.getByRole("button", { name: "Adicionar integração" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar integração" });
    const name = `Fluxo ${Math.random().toString(36).slice(2, 8)}`;
    await dialog.getByRole("textbox", { name: /^Nome/ }).fill(name);
    await dialog.getByRole("textbox", { name: /^Slug do Typebot/ }).fill("atendimento");
    const url = dialog.getByRole("textbox", { name: /^URL/ });

    // An empty URL: the server answers 400 ERR_VALIDATION for urlN8N, shown under the field and as a toast.
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByText("Obrigatório")).toBeVisible();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Verifique os dados informados.")).toBeVisible();

    // Not an address: refused the same way (the server's issue says no more than that the value is invalid).
    await url.fill("nao-e-um-endereco");
    await expect(url).toHaveAttribute("aria-invalid", "false");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByText("Valor inválido")).toBeVisible();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toBeVisible();

    await url.fill("https://typebot.example.com");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("Operação realizada com sucesso!").or(dialog.getByTestId("integration-secret")).first()).toBeVisible();
    await page.goto("/queue-integration");
    await expect(page.getByRole("cell", { name })).toBeVisible();
  });
});
