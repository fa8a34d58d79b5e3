import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { userFixture } from "../test-fixtures.ts";
import { UserDialog } from "./user-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const admin = { profile: "admin", isSuper: false } as const;
const agent = { profile: "user", isSuper: false } as const;
const queues = [
  { id: 11, name: "Vendas", color: "#2E7D32", orderQueue: 1, greetingMessage: "", outOfHoursMessage: "" },
  { id: 12, name: "Suporte", color: "#1565C0", orderQueue: 2, greetingMessage: "", outOfHoursMessage: "" },
];

function serve(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === "GET" && call.path === "/queue") return jsonResponse(queues);
    if (call.method === "GET" && call.path === "/whatsapp/") return jsonResponse([]);
    return extra(call);
  });
}

function openDialog(props: { userId?: number | null; actor?: typeof admin | typeof agent; isProfile?: boolean; currentUserId?: number } = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithProviders(
    <UserDialog
      open
      userId={props.userId ?? null}
      actor={props.actor ?? admin}
      isProfile={props.isProfile}
      currentUserId={props.currentUserId}
      onClose={onClose}
      onSaved={onSaved}
    />,
  );
  return { onClose, onSaved, user: userEvent.setup() };
}

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === "POST" || call.method === "PUT");

// A MUI form in jsdom: generous time for a loaded CI machine.
describe("UserDialog", () => {
  it("refuses a short name, a bad e-mail and a missing password, and sends nothing", async () => {
    const { calls } = serve();
    const { user, onClose } = openDialog();

    await user.type(screen.getByRole("textbox", { name: "Nome" }), "A");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "nope");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Muito curto!")).toBeInTheDocument();
    expect(screen.getByText("E-mail inválido")).toBeInTheDocument();
    expect(screen.getByText("Obrigatório")).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("refuses a password outside the password rule with its text, and sends nothing", async () => {
    const { calls } = serve();
    const { user } = openDialog();

    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Ana Souza");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "ana@example.com");
    await user.type(screen.getByLabelText(/^Senha/), "aaaaaaaa");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.")).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it("creates a user with the chosen profile, queues and allTicket, then closes", async () => {
    const { calls } = serve((call) => (call.method === "POST" && call.path === "/users" ? jsonResponse(userFixture({ id: 9, name: "Carla" })) : undefined));
    const { user, onClose, onSaved } = openDialog();

    await user.type(screen.getByRole("textbox", { name: "Nome" }), " Carla ");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "Carla@Example.com");
    await user.type(screen.getByLabelText(/^Senha/), "Senha-123");
    await user.click(screen.getByRole("combobox", { name: "Perfil" }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Administrador" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/queue")).toBe(true));
    await user.click(screen.getByRole("combobox", { name: "Filas" }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Suporte" }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("combobox", { name: "Ver atendimentos sem fila" }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Habilitado" }));
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toEqual({
      name: "Carla",
      email: "carla@example.com",
      password: "Senha-123",
      profile: "admin",
      queueIds: [12],
      whatsappId: null,
      allTicket: "enabled",
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
  });

  it("offers an admin the three profiles, supervisor included", async () => {
    serve();
    const { user } = openDialog();
    await user.click(screen.getByRole("combobox", { name: "Perfil" }));
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Administrador", "Supervisor", "Usuário"]);
  });

  it("shows a user-profile account only name, e-mail and password, and leaves an empty password out", async () => {
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/users/4") return jsonResponse(userFixture({ queues: [{ id: 11, name: "Vendas", color: "#2E7D32" }] }));
      if (call.method === "PUT" && call.path === "/users/4") return jsonResponse(userFixture({ name: "Beto Silva" }));
      return undefined;
    });
    const { user, onClose } = openDialog({ userId: 4, actor: agent });

    const name = await screen.findByRole("textbox", { name: "Nome" });
    expect(name).toHaveValue("Beto Atendente");
    expect(screen.queryByRole("combobox", { name: "Perfil" })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Filas" })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Conexão padrão" })).not.toBeInTheDocument();
    expect(screen.getByText("Deixe em branco para manter a senha atual.")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "Beto Silva");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toEqual({ name: "Beto Silva", email: "beto@example.com" });
    expect(calls.some((call) => call.path === "/queue")).toBe(false);
  });

  it("marks the e-mail and stays open when the server says it is taken", async () => {
    serve((call) => (call.method === "POST" ? errorResponse(409, "ERR_EMAIL_ALREADY_EXISTS") : undefined));
    const { user, onClose } = openDialog();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Carla");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "carla@example.com");
    await user.type(screen.getByLabelText(/^Senha/), "Senha-123");

    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findAllByText("Já existe um usuário com este e-mail.")).not.toHaveLength(0);
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("aria-invalid", "true");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("asks for the current password when users type a new one for themselves, sends it, and shows a wrong one", async () => {
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/users/4") return jsonResponse(userFixture());
      if (call.method === "PUT" && call.path === "/users/4") {
        const body = call.body as { currentPassword?: string };
        return body.currentPassword === "senha-atual" ? jsonResponse(userFixture()) : errorResponse(400, "ERR_WRONG_PASSWORD");
      }
      return undefined;
    });
    const { user, onClose } = openDialog({ userId: 4, actor: agent, isProfile: true });

    await screen.findByRole("textbox", { name: "Nome" });
    expect(screen.queryByLabelText(/^Senha atual/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Senha/), "Nova-senha-1");
    const current = await screen.findByLabelText(/^Senha atual/);
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Obrigatório")).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.type(current, "errada1");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findAllByText("A senha atual está incorreta.")).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Senha atual/)).toHaveAttribute("aria-invalid", "true");
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Senha atual/));
    await user.type(screen.getByLabelText(/^Senha atual/), "senha-atual");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls).at(-1)?.body).toEqual({ name: "Beto Atendente", email: "beto@example.com", password: "Nova-senha-1", currentPassword: "senha-atual" });
  });

  it("does not ask an admin for the current password of another user", async () => {
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/users/4") return jsonResponse(userFixture());
      if (call.method === "PUT" && call.path === "/users/4") return jsonResponse(userFixture());
      return undefined;
    });
    const { user, onClose } = openDialog({ userId: 4, actor: admin, currentUserId: 7 });

    await screen.findByRole("textbox", { name: "Nome" });
    await user.type(screen.getByLabelText(/^Senha/), "Nova-senha-1");
    expect(screen.queryByLabelText(/^Senha atual/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toMatchObject({ password: "Nova-senha-1" });
    expect(posts(calls)[0]?.body).not.toHaveProperty("currentPassword");
  });
});
