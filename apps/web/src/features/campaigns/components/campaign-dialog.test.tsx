import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { campaignSettingsList } from "@conversa/shared";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { campaignFixture } from "../test-fixtures.ts";
import { CampaignDialog } from "./campaign-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const settings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: "cupom", value: "BLACK10" }], optOutWords: ["SAIR"], optOutConfirmation: "Pronto, descadastrado." };

const connection = (id: number, name: string, provider: string) => ({ id, name, provider });
const templates = [
  { name: "oferta", language: "pt_BR", category: "MARKETING", status: "APPROVED", body: "Olá {{1}}, use o cupom {{2}}.", parameterCount: 2, syncedAt: "2026-11-28T10:00:00.000Z" },
  { name: "aviso", language: "pt_BR", category: "UTILITY", status: "PENDING", body: "Aviso.", parameterCount: 0, syncedAt: "2026-11-28T10:00:00.000Z" },
];

function serve(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === "GET" && call.path === "/whatsapp/") return jsonResponse([connection(1, "Loja Centro", "beta"), connection(4, "Oficial", "cloud")]);
    if (call.method === "GET" && call.path === "/whatsapp/4/templates") return jsonResponse(templates);
    if (call.method === "GET" && call.path === "/contact-lists/list") return jsonResponse([{ id: 2, name: "Clientes VIP", contactsCount: 3, validCount: 3, createdAt: "", updatedAt: "" }]);
    if (call.method === "GET" && call.path === "/tags/list") return jsonResponse([{ id: 8, name: "Lead", color: "#000", kanban: 0 }]);
    if (call.method === "GET" && call.path === "/files/") return jsonResponse({ files: [], count: 0, hasMore: false });
    if (call.method === "GET" && call.path === "/campaign-settings") return jsonResponse(campaignSettingsList(settings));
    return undefined;
  });
}

function open(id: number | null = null) {
  const onClose = vi.fn();
  renderWithProviders(<CampaignDialog open campaignId={id} onClose={onClose} />);
  // No pause between the keys of a typed text: none of these tests is about typing speed.
  return { onClose, user: userEvent.setup({ delay: null }) };
}

/** Puts a text into a field at once (typing each character is slow on a loaded machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: label }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("CampaignDialog", () => {
  it.each([
    ["", "Obrigatório"],
    ["a", "Muito curto!"],
    ["x".repeat(51), "Muito longo!"],
  ])("refuses the name %j with %s and sends nothing", async (name, message) => {
    const { calls } = serve();
    const { user, onClose } = open();
    if (name) await fill(user, screen.getByRole("textbox", { name: /Nome/ }), name);
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("offers every file list, read page after page, not only the first page's", async () => {
    const page = (pageNumber: number) => Array.from({ length: 20 }, (_, i) => ({ id: (pageNumber - 1) * 20 + i + 1, name: `Arquivos ${(pageNumber - 1) * 20 + i + 1}`, message: "m", userId: null, options: [] }));
    const { calls } = serve((call) => {
      if (call.method !== "GET" || call.path !== "/files/") return undefined;
      const pageNumber = Number(call.url.searchParams.get("pageNumber"));
      return jsonResponse({ files: pageNumber === 3 ? page(3).slice(0, 5) : page(pageNumber), count: 45, hasMore: pageNumber < 3 });
    });
    const { user } = open();
    await user.click(await screen.findByRole("combobox", { name: "Lista de arquivos" }));
    expect(await screen.findByRole("option", { name: "Arquivos 45" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Arquivos 1" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/files/").map((call) => call.url.searchParams.get("pageNumber"))).toEqual(["1", "2", "3"]);
  });

  it("asks a scheduled campaign for a connection, recipients, a message and, with confirmation, a confirmation message", async () => {
    const { calls } = serve();
    const { user } = open();
    await fill(user, screen.getByRole("textbox", { name: /Nome/ }), "Natal");
    await user.type(screen.getByLabelText("Agendamento"), "2030-12-01T09:00");
    await user.click(screen.getByRole("switch", { name: "Pedir confirmação" }));
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Escolha a conexão para agendar")).toBeInTheDocument();
    expect(screen.getByText("Escolha a lista de contatos ou uma tag para agendar")).toBeInTheDocument();
    expect(screen.getByText("Escreva ao menos uma mensagem para agendar")).toBeInTheDocument();
    expect(screen.getByText("Escreva a mensagem de confirmação para agendar")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("creates a campaign with two messages and confirmation, the tag left at 'Nenhuma'", async () => {
    const created = campaignFixture({ id: 31, name: "Natal" });
    const { calls } = serve((call) => (call.method === "POST" && call.path === "/campaigns" ? jsonResponse(created) : undefined));
    const { user, onClose } = open();
    expect(await screen.findByRole("combobox", { name: "Tag" })).toHaveTextContent("Nenhuma");
    await fill(user, screen.getByRole("textbox", { name: /Nome/ }), "Natal");
    await choose(user, "Conexão", "Loja Centro");
    await choose(user, "Lista de contatos", "Clientes VIP");
    await user.click(screen.getByRole("switch", { name: "Pedir confirmação" }));
    await fill(user, screen.getByRole("textbox", { name: "Mensagem 1" }), "Oi ");
    await user.click(screen.getByRole("button", { name: "{nome}" }));
    await fill(user, screen.getByRole("textbox", { name: "Mensagem de confirmação 1" }), "Quer receber? Responda SIM");
    await user.click(screen.getByRole("tab", { name: "Msg. 2" }));
    await fill(user, screen.getByRole("textbox", { name: "Mensagem 2" }), "Use o cupom {cupom}");
    await user.type(screen.getByLabelText("Agendamento"), "2030-12-01T09:00");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toMatchObject({
      name: "Natal",
      message1: "Oi {nome}",
      message2: "Use o cupom {cupom}",
      confirmationMessage1: "Quer receber? Responda SIM",
      confirmation: true,
      whatsappId: 1,
      contactListId: 2,
      tagListId: null,
      fileListId: null,
      scheduledAt: new Date(2030, 11, 1, 9, 0).toISOString(),
    });
  });

  it("on an official-line connection, sends the chosen template with its parameters instead of the messages", async () => {
    const created = campaignFixture({ id: 32, name: "Oferta oficial", whatsappId: 4 });
    const { calls } = serve((call) => (call.method === "POST" && call.path === "/campaigns" ? jsonResponse(created) : undefined));
    const { user, onClose } = open();
    await fill(user, screen.getByRole("textbox", { name: /Nome/ }), "Oferta oficial");
    await choose(user, "Conexão", "Oficial");
    await choose(user, "Lista de contatos", "Clientes VIP");
    expect(screen.queryByRole("textbox", { name: "Mensagem 1" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Escolha o modelo que a campanha envia")).toBeInTheDocument();

    await user.click(screen.getByRole("combobox", { name: /Modelo da Meta/ }));
    expect(screen.getByRole("option", { name: /aviso/ })).toHaveAttribute("aria-disabled", "true");
    await user.click(screen.getByRole("option", { name: /oferta/ }));
    await user.click(screen.getByRole("textbox", { name: /Parâmetro 1/ }));
    await user.click(screen.getByRole("button", { name: "{nome}" }));
    await fill(user, screen.getByRole("textbox", { name: /Parâmetro 2/ }), "{cupom}");
    expect(screen.getByTestId("campaign-template-preview")).toHaveTextContent("Olá {nome}, use o cupom {cupom}.");
    await user.type(screen.getByLabelText("Agendamento"), "2030-12-01T09:00");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      whatsappId: 4,
      contactListId: 2,
      template: { name: "oferta", language: "pt_BR", parameters: ["{nome}", "{cupom}"] },
      scheduledAt: new Date(2030, 11, 1, 9, 0).toISOString(),
    });
  });

  it("with confirmation on the official line, keeps the messages that follow the answer and drops the confirmation texts", async () => {
    serve();
    const { user } = open();
    await choose(user, "Conexão", "Oficial");
    await user.click(screen.getByRole("switch", { name: "Pedir confirmação" }));
    expect(screen.getByRole("textbox", { name: "Mensagem 1" })).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Mensagem de confirmação 1" })).not.toBeInTheDocument();
    expect(screen.getByText(/o modelo aprovado pela Meta pede a confirmação/)).toBeInTheDocument();
  });

  it("uploads the chosen attachment once the new campaign is created", async () => {
    const created = campaignFixture({ id: 31, name: "Com anexo" });
    const { calls } = serve((call) => {
      if (call.method === "POST" && call.path === "/campaigns") return jsonResponse(created);
      if (call.method === "POST" && call.path === "/campaigns/31/media-upload") return jsonResponse({ ...created, mediaPath: "campaigns/oferta.png", mediaName: "oferta.png" });
      return undefined;
    });
    const { user, onClose } = open();
    await fill(user, screen.getByRole("textbox", { name: /Nome/ }), "Com anexo");
    await user.upload(screen.getByTestId("campaign-file"), new File([new Uint8Array([137, 80, 78, 71])], "oferta.png", { type: "image/png" }));
    expect(await screen.findByText("oferta.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const writes = calls.filter((call) => call.method !== "GET");
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual(["POST /campaigns", "POST /campaigns/31/media-upload"]);
    const form = writes[1]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(((form as FormData).get("file") as File).name).toBe("oferta.png");
  });

  it("removes the stored attachment of an editable campaign when saved without it", async () => {
    const stored = campaignFixture({ id: 5, status: "INATIVA", scheduledAt: null, mediaPath: "campaigns/velho.pdf", mediaName: "velho.pdf" });
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/campaigns/5") return jsonResponse(stored);
      if (call.method === "PUT" && call.path === "/campaigns/5") return jsonResponse(stored);
      if (call.method === "DELETE" && call.path === "/campaigns/5/media-upload") return jsonResponse({ ...stored, mediaPath: null, mediaName: null });
      return undefined;
    });
    const { user, onClose } = open(5);
    await user.click(await screen.findByRole("button", { name: "Remover o anexo velho.pdf" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Removed first: an attachment the save would refuse (the official line's) must not block the save that drops it.
    expect(calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`)).toEqual(["DELETE /campaigns/5/media-upload", "PUT /campaigns/5"]);
  });

  it.each([
    { status: "EM_ANDAMENTO", scheduledAt: new Date(Date.now() - 60_000).toISOString() },
    { status: "FINALIZADA", scheduledAt: new Date(Date.now() - 60_000).toISOString() },
    { status: "PROGRAMADA", scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString() },
  ] as const)("shows a $status campaign read-only", async ({ status, scheduledAt }) => {
    serve((call) => (call.method === "GET" && call.path === "/campaigns/5" ? jsonResponse(campaignFixture({ status, scheduledAt })) : undefined));
    open(5);
    expect(await screen.findByText(/Esta campanha não pode mais ser alterada/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Nome/ })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Mensagem 1" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Salvar" })).not.toBeInTheDocument();
  });

  it("lets a campaign scheduled more than an hour ahead be edited entirely", async () => {
    serve((call) => (call.method === "GET" && call.path === "/campaigns/5" ? jsonResponse(campaignFixture({ status: "PROGRAMADA", scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString() })) : undefined));
    open(5);
    expect(await screen.findByRole("textbox", { name: /Nome/ })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Salvar" })).toBeEnabled();
  });

  it("lets a cancelled campaign change only its message texts, sending the rest as stored", async () => {
    const stored = campaignFixture({ status: "CANCELADA", scheduledAt: "2026-03-01T10:00:30.000Z", tagListId: 8 });
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/campaigns/5") return jsonResponse(stored);
      if (call.method === "PUT" && call.path === "/campaigns/5") return jsonResponse({ ...stored, message1: "Nova oferta" });
      return undefined;
    });
    const { user, onClose } = open(5);
    expect(await screen.findByText("Campanha cancelada: só os textos das mensagens podem ser alterados.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Nome/ })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Conexão" })).toHaveAttribute("aria-disabled", "true");
    const message = screen.getByRole("textbox", { name: "Mensagem 1" });
    await user.clear(message);
    await fill(user, message, "Nova oferta");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      name: "Black Friday",
      message1: "Nova oferta",
      scheduledAt: "2026-03-01T10:00:30.000Z",
      whatsappId: 1,
      contactListId: 2,
      tagListId: 8,
    });
  });
});
