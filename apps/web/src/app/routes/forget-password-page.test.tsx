import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const RULE = "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.";

async function fillResetStep(code: string, password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Código/), code);
  await user.type(screen.getByLabelText(/^Nova senha/), password);
  await user.type(screen.getByLabelText(/^Confirme a nova senha/), confirmation);
  await user.click(screen.getByRole("button", { name: "Redefinir senha" }));
}

describe("/forgetpsw", () => {
  it("mails a code to the e-mail, in the interface's language, then asks for the code with the e-mail filled in", async () => {
    const { calls } = mockFetch((call) => (call.path.startsWith("/forgetpassword/") ? jsonResponse({ message: "sent" }) : undefined));
    const user = userEvent.setup();
    renderApp("/forgetpsw");

    await user.type(await screen.findByLabelText(/^E-mail/), "  Ana@Acme.test ");
    await user.click(screen.getByRole("button", { name: "Enviar código" }));

    expect(await screen.findByText("Email enviado com sucesso!")).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Código/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue("ana@acme.test");
    const request = calls.find((call) => call.path.startsWith("/forgetpassword/"));
    expect(request).toMatchObject({ method: "POST", path: "/forgetpassword/ana%40acme.test" });
    expect(request?.headers.get("Accept-Language")).toBe("pt-BR");
  });

  it("says 'Email não encontrado' when the server answers 404, and stays on the e-mail step", async () => {
    mockFetch((call) => (call.path.startsWith("/forgetpassword/") ? errorResponse(404, "ERR_EMAIL_NOT_FOUND") : undefined));
    const user = userEvent.setup();
    renderApp("/forgetpsw");

    await user.type(await screen.findByLabelText(/^E-mail/), "nobody@acme.test");
    await user.click(screen.getByRole("button", { name: "Enviar código" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Email não encontrado");
    expect(screen.queryByLabelText(/^Código/)).not.toBeInTheDocument();
  });

  it("does not call the server with an invalid e-mail", async () => {
    const { calls } = mockFetch(() => undefined);
    const user = userEvent.setup();
    renderApp("/forgetpsw");

    await user.type(await screen.findByLabelText(/^E-mail/), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Enviar código" }));

    expect(await screen.findByText("E-mail inválido")).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith("/forgetpassword/"))).toHaveLength(0);
  });

  it("opens the code step with the e-mail of the mailed link", async () => {
    mockFetch(() => undefined);
    renderApp("/forgetpsw?email=ana%40acme.test");

    expect(await screen.findByLabelText(/^Código/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue("ana@acme.test");
  });

  it.each([
    ["shorter than 8 characters", "Ab1cdef"],
    ["without an uppercase letter", "abcdefg1"],
    ["without a lowercase letter", "ABCDEFG1"],
    ["without a digit", "Abcdefgh"],
  ])("refuses a new password %s with the spec's text, without calling the server", async (_case, weak) => {
    const { calls } = mockFetch(() => undefined);
    renderApp("/forgetpsw?email=ana%40acme.test");

    await fillResetStep("ABCD2345", weak);

    expect(await screen.findByText(RULE)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith("/resetpasswords/"))).toHaveLength(0);
  });

  it("refuses a confirmation that differs with 'As senhas não correspondem'", async () => {
    const { calls } = mockFetch(() => undefined);
    renderApp("/forgetpsw?email=ana%40acme.test");

    await fillResetStep("ABCD2345", "Nova-Senha-1", "Nova-Senha-2");

    expect(await screen.findByText("As senhas não correspondem")).toBeInTheDocument();
    expect(screen.queryByText(RULE)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith("/resetpasswords/"))).toHaveLength(0);
  });

  it("sets the new password, says 'Senha redefinida com sucesso.' and goes to /login", async () => {
    const { calls } = mockFetch((call) => (call.path.startsWith("/resetpasswords/") ? jsonResponse({ message: "Password reset" }) : undefined));
    const { router } = renderApp("/forgetpsw?email=ana%40acme.test");

    await fillResetStep("abcd2345", "Nova Senha/1");

    expect(await screen.findByText("Senha redefinida com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.find((call) => call.path.startsWith("/resetpasswords/"))).toMatchObject({
      method: "POST",
      path: "/resetpasswords/ana%40acme.test/abcd2345/Nova%20Senha%2F1",
    });
  });

  it("shows the catalogue text of a wrong code and stays on the page", async () => {
    mockFetch((call) => (call.path.startsWith("/resetpasswords/") ? errorResponse(400, "ERR_INVALID_RESET_CODE") : undefined));
    const { router } = renderApp("/forgetpsw?email=ana%40acme.test");

    await fillResetStep("WRONG234", "Nova-Senha-1");

    expect(await screen.findByRole("alert")).toHaveTextContent("Código inválido. Confira o código recebido por e-mail ou peça um novo.");
    expect(router.state.location.pathname).toBe("/forgetpsw");
  });

  it("goes back to the e-mail step to have a new code mailed", async () => {
    mockFetch(() => undefined);
    const user = userEvent.setup();
    renderApp("/forgetpsw?email=ana%40acme.test");

    await user.click(await screen.findByRole("button", { name: "Enviar um novo código" }));

    expect(await screen.findByRole("button", { name: "Enviar código" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue("ana@acme.test");
  });
});
