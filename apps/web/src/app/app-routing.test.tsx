import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, jsonResponse, mockFetch } from "../test/fetch-mock.ts";
import { companyPlan, sessionUser } from "../test/fixtures.ts";
import { renderApp } from "../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

function signedIn(user = sessionUser(), extra: (call: FetchCall) => Response | undefined = () => undefined) {
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
    if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
    if (call.path === "/auth/logout") return new Response(null, { status: 204 });
    return extra(call);
  });
}

describe("routing", () => {
  it("sends a visitor from a private route to /login", async () => {
    mockFetch(() => undefined);
    const { router } = renderApp("/contacts");

    expect(await screen.findByRole("button", { name: "Entrar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("restores the session from the stored token with GET /auth/me", async () => {
    const { calls } = signedIn();
    renderApp("/files");

    expect(await screen.findByRole("heading", { name: "Lista de arquivos" })).toBeInTheDocument();
    expect(calls[0]?.path).toBe("/auth/me");
  });

  it("sends a signed-in user from /forgetpsw to /", async () => {
    signedIn();
    const { router } = renderApp("/forgetpsw");

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows /forgetpsw to visitors, starting with the e-mail step", async () => {
    mockFetch(() => undefined);
    renderApp("/forgetpsw");
    expect(await screen.findByRole("button", { name: "Enviar código" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar para o login" })).toHaveAttribute("href", "/login");
  });

  it("sends a non-admin from the Dashboard to /tickets", async () => {
    signedIn(sessionUser({ profile: "user" }));
    const { router } = renderApp("/");

    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"));
    expect(screen.queryByRole("heading", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("shows a not-found state for an unknown path", async () => {
    signedIn();
    renderApp("/nowhere");
    expect(await screen.findByText("Não existe nenhuma página em /nowhere.")).toBeInTheDocument();
  });

  it("has no campaign routes without the cshow flag, and removes a stale one when the company's campaignsEnabled is off", async () => {
    localStorage.setItem("cshow", "true");
    signedIn(sessionUser({ company: { id: 3, name: "Acme", dueDate: null, trialExpiration: null, settings: [{ key: "campaignsEnabled", value: "false" }] } }));
    renderApp("/campaigns");
    expect(await screen.findByRole("heading", { name: "Página não encontrada" })).toBeInTheDocument();
    expect(localStorage.getItem("cshow")).toBeNull();
    expect(screen.queryByRole("button", { name: "Campanhas" })).not.toBeInTheDocument();
  });

  it("sets the cshow flag from the company's campaignsEnabled when the app starts with a session, and renders the campaign routes", async () => {
    signedIn(campaignsUser());
    renderApp("/campaigns");
    expect(await screen.findByRole("heading", { name: "Campanhas" })).toBeInTheDocument();
    expect(localStorage.getItem("cshow")).not.toBeNull();
  });

  it("clears the session and goes to /login when the API answers 401", async () => {
    mockFetch(() => jsonResponse({ error: "ERR_SESSION_EXPIRED", message: "expired" }, 401));
    localStorage.setItem("token", "old");
    const { router } = renderApp("/tickets");

    expect(await screen.findByRole("button", { name: "Entrar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
  });
});

function campaignsUser() {
  return sessionUser({ company: { id: 3, name: "Acme", dueDate: null, trialExpiration: null, settings: [{ key: "campaignsEnabled", value: "true" }] } });
}

/** Signed in as an admin of a company whose plan switches `flags` off. */
function signedInOnPlan(flags: Parameters<typeof companyPlan>[0]) {
  const user = campaignsUser();
  localStorage.setItem("token", "access-1");
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan(flags));
    if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
    return undefined;
  });
}

const PLAN_DENIED = "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.";

describe("the pages of a feature the plan may switch off", () => {
  it.each([
    ["/kanban", "useKanban", "Kanban"],
    ["/prompts", "useOpenAi", "Open AI"],
    ["/queue-integration", "useIntegrations", "Integrações"],
    ["/messages-api", "useExternalApi", "API de mensagens"],
    ["/campaigns", "useCampaigns", "Campanhas"],
    ["/contact-lists", "useCampaigns", "Listas de contatos"],
    ["/contact-lists/4/contacts", "useCampaigns", "Contatos da lista"],
    ["/campaign/9/report", "useCampaigns", "Relatório da campanha"],
    ["/campaigns-config", "useCampaigns", "Configurações"],
  ] as const)("%s without %s says so and goes to / after 1 s, showing nothing of the page", async (path, flag, title) => {
    signedInOnPlan({ [flag]: false });
    const { router } = renderApp(path);

    expect(await screen.findByText(PLAN_DENIED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByRole("heading", { name: title })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 20_000 });
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it.each([
    ["/kanban", "Kanban"],
    ["/messages-api", "API de mensagens"],
    ["/campaigns-config", "Configurações"],
  ])("%s with its flag on shows its page", async (path, title) => {
    signedInOnPlan({ useSchedules: false });
    const { router } = renderApp(path);

    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByText(PLAN_DENIED)).not.toBeInTheDocument();
  });
});

describe("top bar", () => {
  it("shows admins the due date and a warning when fewer than 5 days remain", async () => {
    const dueDate = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000 + 60_000).toISOString();
    signedIn(sessionUser({ company: { id: 3, name: "Acme", dueDate, trialExpiration: null, settings: [] } }));
    renderApp("/tickets");

    expect(await screen.findByText(/Ativo até \d{2}\/\d{2}\/\d{4}/)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(/Sua assinatura vence em [23] dia\(s\)/);
  });

  it("shows an admin the end of a trial that is still running, in place of the due date", async () => {
    const trialEnd = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    signedIn(sessionUser({ company: { id: 3, name: "Acme", dueDate: trialEnd.toISOString(), trialExpiration: trialEnd.toISOString(), settings: [] } }));
    renderApp("/tickets");

    const day = `${String(trialEnd.getDate()).padStart(2, "0")}/${String(trialEnd.getMonth() + 1).padStart(2, "0")}/${trialEnd.getFullYear()}`;
    expect(await screen.findByText(new RegExp(`Período de teste até ${day}$`))).toBeInTheDocument();
    expect(screen.queryByText(/Ativo até/)).not.toBeInTheDocument();
  });

  it("shows the due date once the trial is over", async () => {
    signedIn(sessionUser({ company: { id: 3, name: "Acme", dueDate: "2099-12-31T12:00:00.000Z", trialExpiration: "2020-01-04T12:00:00.000Z", settings: [] } }));
    renderApp("/tickets");

    expect(await screen.findByText(/Ativo até 31\/12\/2099$/)).toBeInTheDocument();
    expect(screen.queryByText(/Período de teste/)).not.toBeInTheDocument();
  });

  it("does not show the due date to a user", async () => {
    signedIn(sessionUser({ profile: "user" }));
    renderApp("/tickets");

    expect(await screen.findByText("Olá Ana Souza, Bem-vindo à Acme!")).toBeInTheDocument();
    expect(screen.queryByText(/Ativo até/)).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("opens the profile in the user dialog, saves the new name into the session, and logs out", async () => {
    const user = userEvent.setup();
    let me = sessionUser({ profile: "user", company: campaignsUser().company });
    const stored = { id: 7, name: me.name, email: me.email, profile: "user", companyId: 3, whatsappId: null, allTicket: "desabled", super: false, online: true, twoFactorEnabled: false, queues: [], createdAt: "2025-01-01T00:00:00.000Z" };
    signedIn(me);
    // The session answers whatever the server holds after the save.
    const { calls } = mockFetch((call) => {
      if (call.path === "/auth/me") return jsonResponse(me);
      if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
      if (call.path === "/auth/logout") return new Response(null, { status: 204 });
      if (call.path === "/users/7" && call.method === "PUT") {
        me = { ...me, name: "Ana Lima" };
        return jsonResponse({ ...stored, name: "Ana Lima" });
      }
      if (call.path === "/users/7") return jsonResponse(stored);
      return undefined;
    });
    sessionStorage.setItem("tasks", "[]");
    const { router } = renderApp("/tickets");

    await user.click(await screen.findByRole("button", { name: "Conta" }));
    await user.click(screen.getByRole("menuitem", { name: "Perfil" }));
    const dialog = screen.getByRole("dialog", { name: "Perfil" });
    expect(await within(dialog).findByLabelText(/^E-mail/)).toHaveValue("ana@acme.test");
    expect(within(dialog).queryByRole("combobox", { name: "Perfil" })).not.toBeInTheDocument();
    const name = within(dialog).getByLabelText(/^Nome/);
    await user.clear(name);
    await user.type(name, "Ana Lima");
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ name: "Ana Lima", email: "ana@acme.test" });
    expect(await screen.findByText("Olá Ana Lima, Bem-vindo à Acme!")).toBeInTheDocument();

    expect(localStorage.getItem("cshow")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Conta" }));
    await user.click(screen.getByRole("menuitem", { name: "Sair" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.some((call) => call.path === "/auth/logout" && call.method === "DELETE")).toBe(true);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("cshow")).toBeNull();
    expect(sessionStorage.getItem("tasks")).toBeNull();
  });

  it("saves the notification volume", async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp("/tickets");

    await user.click(await screen.findByRole("button", { name: "Volume das notificações" }));
    const slider = screen.getByRole("slider", { name: "Volume das notificações" });
    expect(slider).toHaveValue("1");
    slider.focus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(localStorage.getItem("volume")).toBe("0.8");
  });

  it("switches the language and keeps it under i18nextLng", async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp("/tickets");

    await user.click(await screen.findByRole("button", { name: "Idioma" }));
    await user.click(screen.getByRole("menuitem", { name: "English" }));

    expect(await screen.findByText("Hello Ana Souza, welcome to Acme!")).toBeInTheDocument();
    expect(localStorage.getItem("i18nextLng")).toBe("en");
    await user.click(screen.getByRole("button", { name: "Language" }));
    await user.click(screen.getByRole("menuitem", { name: "Português (Brasil)" }));
    expect(localStorage.getItem("i18nextLng")).toBe("pt-BR");
  });
});
