import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { allPlanFlags } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const PLANS = [
  { id: 4, name: "Básico", users: 2, connections: 1, queues: 3, value: 49.9, storageQuotaMb: 5120, isPublic: true, ...allPlanFlags },
  { id: 5, name: "Pro", users: 10, connections: 3, queues: 5, value: 199, storageQuotaMb: 5120, isPublic: true, ...allPlanFlags },
];

function server(extra: (call: FetchCall) => Response | undefined = () => undefined, enabled = true) {
  return mockFetch((call) => {
    if (call.path === "/companies/cadastro" && call.method === "GET") return jsonResponse({ enabled });
    if (call.path === "/plans/list") return jsonResponse(PLANS);
    return extra(call);
  });
}

async function fillForm(values: { name?: string; email?: string; password?: string; phone?: string; plan?: RegExp | null } = {}) {
  const user = userEvent.setup();
  const { name = "Padaria da Maria", email = "maria@padaria.test", password = "Pao-quente-1", phone = "11987654321", plan = /^Pro/ } = values;
  if (name) await user.type(await screen.findByLabelText(/Nome da empresa/), name);
  if (email) await user.type(screen.getByLabelText(/E-mail/), email);
  if (password) await user.type(screen.getByLabelText(/Senha/), password);
  if (phone) await user.type(screen.getByLabelText(/Telefone/), phone);
  if (plan) {
    await user.click(screen.getByRole("combobox", { name: /Plano/ }));
    await user.click(await screen.findByRole("option", { name: plan }));
  }
  return user;
}

describe("/signup", () => {
  it("offers the public plans with their price in BRL and limits, masks the phone, signs the company up with the referring company, and goes to /login", async () => {
    const { calls } = server((call) => (call.path === "/companies/cadastro" && call.method === "POST" ? jsonResponse({ id: 12, name: "Padaria da Maria", email: "maria@padaria.test", dueDate: "2030-01-04T10:00:00.000Z", trialExpiration: "2030-01-04T10:00:00.000Z" }) : undefined));
    const { router } = renderApp("/signup?companyId=5");

    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: /Plano/ }));
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent?.replace(/\u00a0/g, " "))).toEqual([
      "Básico · R$ 49,90/mêsUsuários: 2 · Conexões: 1 · Filas: 3",
      "Pro · R$ 199,00/mêsUsuários: 10 · Conexões: 3 · Filas: 5",
    ]);
    await user.keyboard("{Escape}");

    const filled = await fillForm();
    expect(screen.getByLabelText(/Telefone/)).toHaveValue("(11) 98765-4321");
    await filled.click(screen.getByRole("button", { name: "Cadastrar" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      name: "Padaria da Maria",
      email: "maria@padaria.test",
      password: "Pao-quente-1",
      phone: "11987654321",
      planId: 5,
      companyId: 5,
    });
    expect(await screen.findByText(/Cadastro realizado com sucesso!/)).toBeInTheDocument();
  });

  it("shows the validation texts and sends nothing while the form is wrong", async () => {
    const { calls } = server();
    renderApp("/signup");

    const user = await fillForm({ name: "P", email: "maria.padaria", password: "aaaaaaaa", phone: "119876", plan: null });
    await user.click(screen.getByRole("button", { name: "Cadastrar" }));

    expect(await screen.findByText("Informe um nome de 2 a 50 caracteres")).toBeInTheDocument();
    expect(screen.getByText("E-mail inválido")).toBeInTheDocument();
    expect(screen.getByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.")).toBeInTheDocument();
    expect(screen.getByText("Informe o telefone com DDD: (99) 99999-9999")).toBeInTheDocument();
    expect(screen.getByText("Escolha um plano")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("takes the phone at 11 digits at most, and none at all", async () => {
    const { calls } = server((call) => (call.method === "POST" ? jsonResponse({ id: 1, name: "x", email: "x", dueDate: "2030-01-01T00:00:00.000Z", trialExpiration: "2030-01-01T00:00:00.000Z" }) : undefined));
    renderApp("/signup?companyId=abc");

    const user = await fillForm({ phone: "" });
    await user.type(screen.getByLabelText(/Telefone/), "119876543219999");
    expect(screen.getByLabelText(/Telefone/)).toHaveValue("(11) 98765-4321");
    await user.clear(screen.getByLabelText(/Telefone/));
    await user.click(screen.getByRole("button", { name: "Cadastrar" }));

    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    // No phone, and no referring company for a companyId that is not an id.
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Padaria da Maria", email: "maria@padaria.test", password: "Pao-quente-1", planId: 5 });
  });

  it("shows the catalogue text of a refused sign-up and stays on the page", async () => {
    server((call) => (call.method === "POST" ? errorResponse(409, "ERR_EMAIL_ALREADY_EXISTS") : undefined));
    const { router } = renderApp("/signup");

    const user = await fillForm();
    await user.click(screen.getByRole("button", { name: "Cadastrar" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Já existe um usuário com este e-mail.");
    expect(router.state.location.pathname).toBe("/signup");
  });

  it("says so when a super user closed sign-up, with no form and a way back to /login", async () => {
    const { calls } = server(undefined, false);
    renderApp("/signup");

    expect(await screen.findByText(/O cadastro de novas empresas está fechado no momento/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Nome da empresa/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar para o login" })).toHaveAttribute("href", "/login");
    expect(calls.some((call) => call.path === "/plans/list")).toBe(false);
  });

  it("links to /login", async () => {
    server();
    renderApp("/signup");
    const form = (await screen.findByRole("button", { name: "Cadastrar" })).closest("form")!;
    expect(within(form.parentElement!).getByRole("link", { name: "Já tem uma conta? Entre!" })).toHaveAttribute("href", "/login");
  });
});
