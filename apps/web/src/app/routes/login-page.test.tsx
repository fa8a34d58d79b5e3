import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { companyPlan, sessionUser } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

async function submitLogin(email = "ana@acme.test", password = "Secret-123") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/E-mail/), email);
  await user.type(screen.getByLabelText(/Senha/, { selector: "input" }), password);
  await user.click(screen.getByRole("button", { name: "Entrar" }));
}

describe("/login", () => {
  it("shows the subscription-expired text with the due date", async () => {
    mockFetch((call) =>
      call.path === "/auth/login"
        ? errorResponse(402, "ERR_SUBSCRIPTION_EXPIRED", "Subscription expired", { dueDate: "2025-01-10T12:00:00.000Z" })
        : undefined,
    );
    renderApp("/login");

    await submitLogin();

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Opss! Sua assinatura venceu 10/01/2025. Entre em contato com o Suporte para mais informações!",
    );
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("shows the catalogue text of wrong credentials and stays on the page", async () => {
    mockFetch((call) => (call.path === "/auth/login" ? errorResponse(401, "ERR_INVALID_CREDENTIALS", "nope") : undefined));
    const { router } = renderApp("/login");

    await submitLogin();

    expect(await screen.findByRole("alert")).toHaveTextContent("Erro de autenticação.");
    expect(router.state.location.pathname).toBe("/login");
  });

  it("does not call the server with an invalid e-mail", async () => {
    const { calls } = mockFetch(() => undefined);
    renderApp("/login");

    await submitLogin("not-an-email");

    expect(await screen.findByText("E-mail inválido")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/auth/login")).toHaveLength(0);
  });

  it("stores the session and goes to /tickets after a successful login", async () => {
    const { calls } = mockFetch((call) => {
      if (call.path === "/auth/login") return jsonResponse({ token: "access-1", user: sessionUser() });
      if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
      if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
      return undefined;
    });
    const { router } = renderApp("/login");

    await submitLogin("  Ana@Acme.test ", "Secret-123");

    expect(await screen.findByText("Olá Ana Souza, Bem-vindo à Acme!")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/tickets");
    expect(await screen.findByRole("heading", { name: "Atendimentos" })).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/auth/login")?.body).toEqual({
      email: "ana@acme.test",
      password: "Secret-123",
    });
    expect(localStorage.getItem("token")).toBe("access-1");
    expect(localStorage.getItem("companyId")).toBe("3");
    expect(localStorage.getItem("userId")).toBe("7");
    expect(await screen.findByText("v4.8.2")).toBeInTheDocument();
  });

  it.each([
    ["true", "sets"],
    ["false", "removes"],
  ])("with the company's campaignsEnabled %s it %s the local cshow flag at login", async (value) => {
    // The flag starts the other way round.
    if (value === "false") localStorage.setItem("cshow", "true");
    const user = sessionUser({ company: { id: 3, name: "Acme", dueDate: null, trialExpiration: null, settings: [{ key: "campaignsEnabled", value }] } });
    mockFetch((call) => {
      if (call.path === "/auth/login") return jsonResponse({ token: "access-1", user });
      if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
      return undefined;
    });
    renderApp("/login");

    await submitLogin();

    expect(await screen.findByText("Olá Ana Souza, Bem-vindo à Acme!")).toBeInTheDocument();
    expect(localStorage.getItem("cshow") !== null).toBe(value === "true");
  });

  it("asks for the two-step verification code and sends the same login again with it", async () => {
    const { calls } = mockFetch((call) => {
      if (call.path === "/auth/login") {
        const body = call.body as { code?: string };
        if (body.code === undefined) return errorResponse(401, "ERR_2FA_REQUIRED", "code required");
        if (body.code !== "123456") return errorResponse(400, "ERR_2FA_INVALID_CODE", "wrong code");
        return jsonResponse({ token: "access-2fa", user: sessionUser({ twoFactorEnabled: true }) });
      }
      if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
      return undefined;
    });
    const { router } = renderApp("/login");
    const user = userEvent.setup();

    await submitLogin();
    const code = await screen.findByLabelText(/Código de verificação/);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(router.state.location.pathname).toBe("/login");

    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Código inválido ou já utilizado.");

    await user.clear(code);
    await user.type(code, " 123456 ");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/tickets"));
    const logins = calls.filter((call) => call.path === "/auth/login").map((call) => call.body);
    expect(logins).toEqual([
      { email: "ana@acme.test", password: "Secret-123" },
      { email: "ana@acme.test", password: "Secret-123", code: "654321" },
      { email: "ana@acme.test", password: "Secret-123", code: "123456" },
    ]);
    expect(localStorage.getItem("token")).toBe("access-2fa");
  });

  it("goes back from the code step to the e-mail and password", async () => {
    mockFetch((call) => (call.path === "/auth/login" ? errorResponse(401, "ERR_2FA_REQUIRED", "code required") : undefined));
    renderApp("/login");

    await submitLogin();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Voltar" }));

    expect(await screen.findByRole("button", { name: "Entrar" })).toBeInTheDocument();
  });

  it("links to password reset and sign-up", async () => {
    mockFetch(() => undefined);
    renderApp("/login");

    expect(await screen.findByRole("link", { name: "Esqueceu sua senha?" })).toHaveAttribute("href", "/forgetpsw");
    expect(screen.getByRole("link", { name: "Não tem uma conta? Cadastre-se!" })).toHaveAttribute("href", "/signup");
  });
});
