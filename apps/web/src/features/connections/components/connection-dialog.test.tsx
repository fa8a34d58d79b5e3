import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { connectionFixture } from "../test-fixtures.ts";
import { ConnectionDialog } from "./connection-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const queues = [
  { id: 11, name: "Vendas", color: "#2E7D32", orderQueue: 1, greetingMessage: "", outOfHoursMessage: "" },
  { id: 12, name: "Suporte", color: "#1565C0", orderQueue: 2, greetingMessage: "", outOfHoursMessage: "" },
];

function serve(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  const stamps: number[] = [];
  const mock = mockFetch((call) => {
    stamps.push(performance.now());
    if (call.method === "GET" && call.path === "/queue") return jsonResponse(queues);
    return extra(call);
  });
  return { ...mock, stamps };
}

function openDialog(connectionId: number | null = null) {
  const onClose = vi.fn();
  renderWithProviders(<ConnectionDialog open connectionId={connectionId} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

async function chooseQueues(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  await user.click(screen.getByRole("combobox", { name: "Filas" }));
  const listbox = await screen.findByRole("listbox");
  for (const name of names) await user.click(within(listbox).getByRole("option", { name }));
  await user.keyboard("{Escape}");
}

const TOKEN_RULE = "Use de 32 a 200 letras, números ou símbolos, sem espaços, que nenhuma outra conexão use, ou deixe em branco para gerar um.";

// A large MUI form in jsdom: generous time for a loaded CI machine.
describe("ConnectionDialog", () => {
  it.each([
    ["", "Obrigatório"],
    ["A", "Muito curto!"],
    ["x".repeat(51), "Muito longo!"],
  ])("refuses the name %j with %s and sends nothing", async (name, message) => {
    const { calls } = serve();
    const { user, onClose } = openDialog();

    if (name) {
      await user.click(screen.getByRole("textbox", { name: "Nome" }));
      await user.paste(name);
    }
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("requires a greeting when more than one queue is chosen", async () => {
    const { calls } = serve();
    const { user } = openDialog();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Loja");
    await screen.findByRole("combobox", { name: "Filas" });
    await waitFor(() => expect(calls.some((call) => call.path === "/queue")).toBe(true));

    await chooseQueues(user, ["Vendas", "Suporte"]);
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Obrigatória quando há mais de uma fila.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("creates a connection with the spec's defaults, 400 ms after the click, and closes", async () => {
    const { calls, stamps } = serve((call) => (call.method === "POST" && call.path === "/whatsapp" ? jsonResponse(connectionFixture({ id: 9, name: "Loja" })) : undefined));
    const { user, onClose } = openDialog();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "  Loja ");
    await waitFor(() => expect(calls.some((call) => call.path === "/queue")).toBe(true));
    await chooseQueues(user, ["Vendas"]);

    const clickedAt = performance.now();
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const index = calls.findIndex((call) => call.method === "POST");
    expect(calls[index]?.body).toEqual({
      name: "Loja",
      provider: "beta",
      isDefault: false,
      queueIds: [11],
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      expiresInactiveMessage: "",
      expiresTicket: 0,
      timeToTransfer: null,
      transferQueueId: null,
      promptId: null,
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      token: null,
    });
    expect((stamps[index] ?? 0) - clickedAt).toBeGreaterThanOrEqual(390);
    expect(await screen.findByText("Conexão salva com sucesso!")).toBeInTheDocument();
  });

  it("keeps the dialog open with the catalogue's text when the server refuses", async () => {
    serve((call) => (call.method === "POST" ? jsonResponse({ error: "ERR_DUPLICATED_CONNECTION", message: "dup" }, 409) : undefined));
    const { user, onClose } = openDialog();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Loja");

    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Já existe uma conexão com este nome.")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "Nome" })).toHaveValue("Loja");
  });

  it("shows the token's rule and refuses a typed token under 32 characters before sending", async () => {
    const { calls } = serve();
    const { user, onClose } = openDialog();
    expect(screen.getByText("De 32 a 200 caracteres, sem espaços, que nenhuma outra conexão use. Deixe em branco para gerar um automaticamente.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Loja");
    await user.type(screen.getByRole("textbox", { name: "Token da API" }), "token-curto-123");

    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText(TOKEN_RULE)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a typed token on the field and keeps the dialog open", async () => {
    const typed = "token-de-outra-conexao-0123456789abcdef";
    const { calls } = serve((call) =>
      call.method === "POST" ? jsonResponse({ error: "ERR_VALIDATION", message: "Invalid request", details: [{ in: "body", path: "/token", message: "rule" }] }, 400) : undefined,
    );
    const { user, onClose } = openDialog();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Loja");
    await user.type(screen.getByRole("textbox", { name: "Token da API" }), typed);

    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText(TOKEN_RULE)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({ token: typed });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("edits a connection: loads it with its token, generates a new one and saves with PUT", async () => {
    const stored = { ...connectionFixture({ id: 5, name: "Loja", provider: "simulator", greetingMessage: "Olá", queues: [{ id: 11, name: "Vendas", color: "#2E7D32" }] }), token: "old-token" };
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/whatsapp/5") return jsonResponse(stored);
      if (call.method === "PUT" && call.path === "/whatsapp/5") return jsonResponse(connectionFixture({ id: 5, name: "Loja Centro" }));
      return undefined;
    });
    const { user, onClose } = openDialog(5);

    const name = await screen.findByRole("textbox", { name: "Nome" });
    expect(name).toHaveValue("Loja");
    expect(screen.getByRole("textbox", { name: "Mensagem de saudação" })).toHaveValue("Olá");
    const token = screen.getByRole("textbox", { name: "Token da API" });
    expect(token).toHaveValue("old-token");
    await user.click(screen.getByRole("button", { name: "Gerar token" }));
    expect(token).not.toHaveValue("old-token");
    expect((token as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{32}$/);
    await user.clear(name);
    await user.type(name, "Loja Centro");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.body).toMatchObject({ name: "Loja Centro", provider: "simulator", queueIds: [11], greetingMessage: "Olá", token: (token as HTMLInputElement).value });
  });

  it("offers the company's AI prompts when the plan has them, and saves the one chosen as promptId", async () => {
    const robot = { id: 21, name: "Robô de Vendas", queueId: 11, queue: { id: 11, name: "Vendas" } };
    const stored = { ...connectionFixture({ id: 5, name: "Loja" }), token: null };
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/prompt") return jsonResponse({ prompts: [{ ...robot, prompt: "p", model: "m", baseUrl: null, maxTokens: 100, temperature: 1, maxMessages: 10, apiKey: null, voice: "texto", voiceKey: null, voiceRegion: "", createdAt: "", updatedAt: "" }], count: 1, hasMore: false });
      if (call.method === "GET" && call.path === "/whatsapp/5") return jsonResponse(stored);
      if (call.method === "PUT" && call.path === "/whatsapp/5") return jsonResponse(connectionFixture({ id: 5, name: "Loja", promptId: 21 }));
      return undefined;
    });
    const { user, onClose } = openDialog(5);

    await screen.findByRole("textbox", { name: "Nome" });
    await user.click(await screen.findByRole("combobox", { name: "Prompt" }, { timeout: 20_000 }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Robô de Vendas" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ name: "Loja", promptId: 21 });
  });

  it("shows no prompt picker when the plan has no AI prompts (GET /prompt refused)", async () => {
    serve((call) => (call.method === "GET" && call.path === "/prompt" ? jsonResponse({ error: "ERR_PLAN_FEATURE_DISABLED", message: "off" }, 403) : undefined));
    openDialog();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Filas" })).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole("combobox", { name: "Prompt" })).not.toBeInTheDocument();
    expect(screen.queryByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).not.toBeInTheDocument();
  });

  it("creates an official-line connection: asks for its ids and secrets, then stays open with the webhook's URL and verify token to copy", async () => {
    const cloud = { phoneNumberId: "1000000001", businessAccountId: "2000000002", webhookUrl: "https://conversa.example/webhooks/whatsapp-cloud/k3y", verifyToken: "v3rify", hasAccessToken: true, hasAppSecret: true };
    const created = { ...connectionFixture({ id: 9, name: "Oficial", provider: "cloud", status: "OPENING", cloud }), token: null };
    const { calls } = serve((call) => {
      if (call.method === "POST" && call.path === "/whatsapp") return jsonResponse(created);
      if (call.method === "GET" && call.path === "/whatsapp/9") return jsonResponse(created);
      return undefined;
    });
    const { user, onClose } = openDialog();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Oficial");
    await user.click(screen.getByRole("combobox", { name: "Tipo de conexão" }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "WhatsApp Cloud API (oficial)" }));
    expect(screen.getByText("A URL de retorno e o token de verificação aparecem aqui depois de salvar.")).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: /Identificação do número de telefone/ }), "10000x");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Somente números, como aparecem no painel da Meta.")).toBeInTheDocument();
    expect(screen.getAllByText("Obrigatório")).toHaveLength(3);
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    const phone = screen.getByRole("textbox", { name: /Identificação do número de telefone/ });
    await user.clear(phone);
    await user.type(phone, "1000000001");
    await user.type(screen.getByRole("textbox", { name: /Identificação da conta do WhatsApp Business/ }), "2000000002");
    await user.type(screen.getByLabelText(/Token de acesso/), "EAAG-token");
    await user.type(screen.getByLabelText(/Chave secreta do app/), "app-secret");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Conexão criada. Agora configure o webhook na Meta com os dados abaixo.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      name: "Oficial",
      provider: "cloud",
      cloud: { phoneNumberId: "1000000001", businessAccountId: "2000000002", accessToken: "EAAG-token", appSecret: "app-secret" },
    });
    expect(screen.getByRole("textbox", { name: "URL de retorno" })).toHaveValue(cloud.webhookUrl);
    expect(screen.getByRole("textbox", { name: "Token de verificação" })).toHaveValue(cloud.verifyToken);
    expect(screen.getByRole("button", { name: "Copiar URL de retorno" })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("edits an official-line connection: secrets left empty are kept (not sent), and its type cannot change", async () => {
    const cloud = { phoneNumberId: "1000000001", businessAccountId: "2000000002", webhookUrl: "https://conversa.example/webhooks/whatsapp-cloud/k3y", verifyToken: "v3rify", hasAccessToken: true, hasAppSecret: true };
    const stored = { ...connectionFixture({ id: 5, name: "Oficial", provider: "cloud", cloud }), token: null };
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/whatsapp/5") return jsonResponse(stored);
      if (call.method === "PUT" && call.path === "/whatsapp/5") return jsonResponse(stored);
      return undefined;
    });
    const { user, onClose } = openDialog(5);

    expect(await screen.findByRole("textbox", { name: /Identificação do número de telefone/ })).toHaveValue("1000000001");
    expect(screen.getAllByText(/Definido\. Deixe em branco para manter o atual\./)).toHaveLength(2);
    expect(screen.getByRole("combobox", { name: "Tipo de conexão" })).toHaveAttribute("aria-disabled", "true");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ provider: "cloud", cloud: { phoneNumberId: "1000000001", businessAccountId: "2000000002" } });
    const sent = calls.find((call) => call.method === "PUT")?.body as { cloud: Record<string, unknown> };
    expect(Object.keys(sent.cloud).sort()).toEqual(["businessAccountId", "phoneNumberId"]);
  });
});
