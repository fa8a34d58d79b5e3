import { expect, test } from "@playwright/test";
import { logIn, setSetting } from "./helpers.ts";

test.describe("settings", () => {
  test("the admin switches a setting, turns on company hours and saves the week", async ({ page }) => {
    await logIn(page);
    try {
      // Start from the default whatever an earlier spec left behind.
      await setSetting(page, "userRating", "disabled");
      await page.goto("/settings");
      await expect(page.getByRole("heading", { name: "Configurações" })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Horários" })).toHaveCount(0);

      const rating = page.getByRole("switch", { name: "Avaliações" });
      await expect(rating).not.toBeChecked();
      await rating.check();
      await expect(page.getByText("Operação atualizada com sucesso.").first()).toBeVisible();
      await page.reload();
      await expect(page.getByRole("switch", { name: "Avaliações" })).toBeChecked();

      await page.getByRole("combobox", { name: "Gerenciamento de expediente" }).click();
      await page.getByRole("option", { name: "Empresa" }).click();
      await expect(page.getByText("Operação atualizada com sucesso.").first()).toBeVisible();
      await page.getByRole("tab", { name: "Horários" }).click();
      await expect(page.getByText("Horário de atendimento da empresa")).toBeVisible();
      await page.getByLabel("Sábado Fim").fill("14:00");
      await page.getByRole("button", { name: "Salvar horários" }).click();
      await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();

      await page.reload();
      await page.getByRole("tab", { name: "Horários" }).click();
      await expect(page.getByLabel("Sábado Fim")).toHaveValue("14:00");
    } finally {
      await setSetting(page, "userRating", "disabled");
      await setSetting(page, "scheduleType", "disabled");
    }
  });
});
