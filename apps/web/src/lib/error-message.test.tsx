import { render, screen } from "@testing-library/react";
import { SnackbarProvider } from "notistack";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { errorMessage } from "./error-message.ts";
import { i18n } from "./i18n.ts";
import { toastError } from "./toast.ts";

describe("errorMessage", () => {
  afterEach(async () => {
    await i18n.changeLanguage("pt-BR");
  });

  it("shows the catalogue text of a known code in Portuguese by default", () => {
    expect(errorMessage(new ApiError("ERR_INVALID_CREDENTIALS", "Invalid credentials", 401))).toBe(
      "Erro de autenticação. Verifique o e-mail e a senha e tente novamente.",
    );
  });

  it("follows the active language", async () => {
    await i18n.changeLanguage("en");
    expect(errorMessage(new ApiError("ERR_OTHER_OPEN_TICKET", "x", 409))).toBe(
      "There is already an open ticket for this contact.",
    );
    await i18n.changeLanguage("es");
    expect(errorMessage(new ApiError("ERR_NO_PERMISSION", "x", 403))).toBe("No tiene permiso para acceder a este recurso.");
  });

  it("shows the raw message of an unknown code, or the code when there is no message", () => {
    expect(errorMessage(new ApiError("ERR_SOMETHING_NEW", "Something new broke", 400))).toBe("Something new broke");
    expect(errorMessage(new ApiError("ERR_SOMETHING_NEW", "", 400))).toBe("ERR_SOMETHING_NEW");
  });

  it("says 'An error occurred!' (translated) for anything that is not an API error", async () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe("Ocorreu um erro!");
    await i18n.changeLanguage("en");
    expect(errorMessage("boom")).toBe("An error occurred!");
  });

  it("names the attendant who holds the ticket when the answer says who, and falls back to the catalogue text", async () => {
    expect(errorMessage(new ApiError("ERR_TICKET_ALREADY_ACCEPTED", "x", 409, { userId: 4, userName: "Carla Colega" }))).toBe("Carla Colega já aceitou este atendimento.");
    expect(errorMessage(new ApiError("ERR_TICKET_ALREADY_ACCEPTED", "x", 409))).toBe("Outro atendente já aceitou este atendimento.");
    await i18n.changeLanguage("en");
    expect(errorMessage(new ApiError("ERR_TICKET_HELD_BY_OTHER", "x", 409, { userId: 4, userName: "Carla" }))).toBe("Carla holds this ticket: you can no longer send messages in it.");
  });

  it("says why the server may not call an address, from the answer's details, in the active language", async () => {
    const error = new ApiError("ERR_URL_NOT_ALLOWED", "baseUrl: refused", 400, { field: "baseUrl", reason: "loopback" });
    expect(errorMessage(error)).toBe("O servidor não pode chamar este endereço: ele aponta para o próprio servidor.");
    await i18n.changeLanguage("en");
    expect(errorMessage(new ApiError("ERR_URL_NOT_ALLOWED", "x", 400, { field: "urlN8N", reason: "metadata" }))).toBe("The server may not call this address: it is a cloud metadata service.");
    await i18n.changeLanguage("es");
    expect(errorMessage(new ApiError("ERR_URL_NOT_ALLOWED", "x", 400, { field: "urlN8N", reason: "private" }))).toBe("El servidor no puede llamar a esta dirección: es una dirección de red interna.");
  });

  it("puts what the company uses and its quota in the storage-quota text, and falls back to the catalogue text", async () => {
    const details = { usedBytes: 5 * 1024 ** 3 - 100, quotaBytes: 5 * 1024 ** 3 };
    expect(errorMessage(new ApiError("ERR_STORAGE_QUOTA", "x", 413, details))).toBe(
      "O armazenamento da empresa está cheio (5 GB de 5 GB): apague arquivos ou peça ao administrador um plano com mais espaço.",
    );
    expect(errorMessage(new ApiError("ERR_STORAGE_QUOTA", "x", 413))).toBe("O armazenamento da empresa está cheio: apague arquivos ou peça ao administrador um plano com mais espaço.");
    await i18n.changeLanguage("en");
    expect(errorMessage(new ApiError("ERR_STORAGE_QUOTA", "x", 413, { usedBytes: 1024 ** 3 * 1.2, quotaBytes: 1024 ** 3 }))).toBe(
      "The company's storage is full (1.2 GB of 1 GB): delete files or ask your administrator for a plan with more space.",
    );
  });

  it("puts the due date, as dd/MM/yyyy, in the subscription-expired text", () => {
    const error = new ApiError("ERR_SUBSCRIPTION_EXPIRED", "expired", 402, { dueDate: "2025-03-09T12:00:00.000Z" });
    expect(errorMessage(error)).toBe(
      "Opss! Sua assinatura venceu 09/03/2025. Entre em contato com o Suporte para mais informações!",
    );
  });
});

describe("toastError", () => {
  it("shows the translated text as a toast", async () => {
    render(<SnackbarProvider />);
    toastError(new ApiError("ERR_DUPLICATED_CONTACT", "dup", 409));
    expect(await screen.findByText("Já existe um contato com este número.")).toBeInTheDocument();
  });
});
