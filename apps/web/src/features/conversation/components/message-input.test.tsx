import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { message } from "../testing/fixtures.ts";
import { renderWithApp } from "../testing/render.tsx";
import { MessageInput } from "./message-input.tsx";

const noop = () => undefined;

/** MUI under jsdom on a busy machine is slow: give findBy queries time. */
const SLOW = { timeout: 20_000 };

function renderInput(status: "pending" | "open" | "closed", heldBy: string | null = null) {
  renderWithApp(<MessageInput ticketId={5} status={status} heldBy={heldBy} quoted={null} onCancelQuote={noop} />);
  return screen.findByLabelText<HTMLTextAreaElement>("Mensagem", { selector: "textarea" }, SLOW);
}

function posts(calls: ReturnType<typeof mockFetch>["calls"]) {
  return calls.filter((call) => call.method === "POST");
}

const quickMessages = [
  { id: 1, shortcode: "bomdia", message: "Bom dia! Como posso ajudar você hoje?", geral: true, status: true, isMedia: false, mediaPath: null, mediaName: null, userId: null },
  { id: 2, shortcode: "boleto", message: "Segue o boleto.", geral: true, status: true, isMedia: false, mediaPath: null, mediaName: null, userId: null },
];

describe("MessageInput", () => {
  it.each([
    [new DOMException("denied", "NotAllowedError"), "O acesso ao microfone foi negado. Permita o microfone nas configurações do navegador para gravar áudio."],
    [new DOMException("none", "NotFoundError"), "Nenhum microfone encontrado. Conecte um microfone para gravar áudio."],
  ])("says why the microphone could not be used (%s)", async (failure, text) => {
    mockFetch(() => undefined);
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia: () => Promise.reject(failure) } });
    Object.defineProperty(globalThis, "MediaRecorder", { configurable: true, writable: true, value: class {} });
    try {
      await renderInput("open");
      fireEvent.click(screen.getByLabelText("Gravar áudio"));
      expect(await screen.findByText(text, undefined, SLOW)).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, "mediaDevices");
      Reflect.deleteProperty(globalThis, "MediaRecorder");
    }
  });

  it("says when the browser cannot record at all", async () => {
    mockFetch(() => undefined);
    await renderInput("open");
    fireEvent.click(screen.getByLabelText("Gravar áudio"));
    expect(await screen.findByText("Este navegador não permite gravar áudio aqui (é preciso uma conexão segura, https).", undefined, SLOW)).toBeInTheDocument();
  });

  it.each([
    ["pending", "Aceite o atendimento para enviar mensagens."],
    ["closed", "Reabra o atendimento para enviar mensagens."],
  ] as const)("is disabled for a %s ticket, with a hint", async (status, hint) => {
    mockFetch(() => undefined);
    const input = await renderInput(status);
    expect(input).toBeDisabled();
    expect(screen.getByText(hint, { selector: "span" })).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(hint);
    expect(screen.queryByLabelText("Gravar áudio")).toBeNull();
  });

  it("is disabled for an open ticket a colleague holds, with a hint naming her", async () => {
    mockFetch(() => undefined);
    const input = await renderInput("open", "Carla");
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription("Atendimento com Carla: não é possível enviar mensagens.");
    expect(screen.getByRole("button", { name: "Enviar" })).toBeDisabled();
    expect(screen.queryByLabelText("Gravar áudio")).toBeNull();
  });

  it("is enabled for an open ticket, with the signature on by default", async () => {
    mockFetch(() => undefined);
    const input = await renderInput("open");
    expect(input).toBeEnabled();
    expect(screen.getByLabelText("Enviar", { selector: "button" })).toBeEnabled();
    expect(screen.getByLabelText("Assinar")).toBeChecked();
  });

  it("does not send a blank message", async () => {
    const { calls } = mockFetch(() => undefined);
    const input = await renderInput("open");
    fireEvent.change(input, { target: { value: "   \n  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.click(screen.getByLabelText("Enviar", { selector: "button" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls)).toEqual([]);
  });

  it("sends on Enter with the signature and clears the input", async () => {
    const { calls } = mockFetch((call) => (call.method === "POST" ? jsonResponse([message({ id: 90, fromMe: true, body: "*Ana*:\nOlá", sendStatus: "pending" })]) : undefined));
    const input = await renderInput("open");
    fireEvent.change(input, { target: { value: "  Olá  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(posts(calls)).toHaveLength(1), SLOW);
    expect(posts(calls)[0]).toMatchObject({ path: "/messages/5", body: { body: "Olá", signMessage: true } });
    await waitFor(() => expect(input).toHaveValue(""), SLOW);
  });

  it("keeps Shift+Enter for a new line", async () => {
    const { calls } = mockFetch(() => undefined);
    const input = await renderInput("open");
    fireEvent.change(input, { target: { value: "linha 1" } });
    expect(fireEvent.keyDown(input, { key: "Enter", shiftKey: true })).toBe(true);
    expect(posts(calls)).toEqual([]);
  });

  it("clears the input when the connection is down but the message was queued", async () => {
    mockFetch((call) =>
      call.method === "POST" ? errorResponse(400, "ERR_WAPP_NOT_INITIALIZED", "queued", { queued: true, messageIds: [91] }) : jsonResponse({ messages: [], ticket: { id: 5, uuid: "u", status: "open" }, count: 0, hasMore: false }),
    );
    const input = await renderInput("open");
    fireEvent.change(input, { target: { value: "Oi" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText(/Esta sessão do WhatsApp não foi inicializada/, undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue(""), SLOW);
  });

  it("keeps the text when the send fails", async () => {
    mockFetch((call) => (call.method === "POST" ? errorResponse(400, "ERR_TICKET_NOT_OPEN") : undefined));
    const input = await renderInput("open");
    fireEvent.change(input, { target: { value: "Oi" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText("O atendimento precisa estar aberto para enviar mensagens.", undefined, SLOW)).toBeInTheDocument();
    expect(input).toHaveValue("Oi");
  });

  it("lists quick replies after a slash and one character, and fills the input with the one picked", async () => {
    mockFetch((call) => (call.path === "/quick-messages/list" ? jsonResponse(quickMessages) : undefined));
    const input = await renderInput("open");
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "/" } });
    expect(screen.queryByRole("listbox")).toBeNull();
    fireEvent.change(input, { target: { value: "/bo" } });
    const list = await screen.findByRole("listbox", { name: "Respostas rápidas" }, SLOW);
    const labels = Array.from(list.querySelectorAll('[role="option"]'), (option) => option.textContent);
    expect(labels).toEqual(["boleto - Segue o boleto.", "bomdia - Bom dia! Como posso ajudar..."]);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input).toHaveValue("Bom dia! Como posso ajudar você hoje?");
  });

  it("attaches the file of a quick reply with media and sends it with the text as caption", async () => {
    const catalogue = { id: 3, shortcode: "catalogo", message: "Nosso catálogo", geral: true, status: true, isMedia: true, mediaPath: "/media/abc.png", mediaName: "catálogo_2025.png", userId: null };
    const { calls } = mockFetch((call) => {
      if (call.path === "/quick-messages/list") return jsonResponse([catalogue]);
      if (call.path === "/media/abc.png") return new Response(new Blob(["png"], { type: "image/png" }), { status: 200 });
      if (call.method === "POST") return jsonResponse([message({ id: 91, fromMe: true, body: "Nosso catálogo", sendStatus: "pending" })]);
      return undefined;
    });
    const input = await renderInput("open");
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "/cat" } });
    await screen.findByRole("listbox", { name: "Respostas rápidas" }, SLOW);
    fireEvent.keyDown(input, { key: "Enter" });

    expect(await screen.findByText("catálogo_2025.png", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText("Legenda de catálogo_2025.png")).toHaveValue("");
    fireEvent.click(screen.getByLabelText("Enviar", { selector: "button" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const form = posts(calls)[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    if (!(form instanceof FormData)) return;
    expect(form.get("body")).toBe("Nosso catálogo");
    const file = form.get("medias");
    expect(file).toBeInstanceOf(File);
    expect(file instanceof File ? file.name : "").toBe("catálogo_2025.png");
  });

  it("previews the files chosen, takes one out, and sends each with its caption in order", async () => {
    URL.createObjectURL = () => "blob:preview";
    URL.revokeObjectURL = () => undefined;
    const { calls } = mockFetch((call) => (call.method === "POST" ? jsonResponse([message({ id: 92, fromMe: true, body: "", sendStatus: "pending" })]) : undefined));
    await renderInput("open");
    const photo = new File(["png-bytes"], "foto.png", { type: "image/png" });
    const contract = new File([new Uint8Array(2048)], "contrato.pdf", { type: "application/pdf" });
    const notes = new File(["abc"], "notas.txt", { type: "text/plain" });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error("no file input");
    fireEvent.change(picker, { target: { files: [photo, contract, notes] } });

    const list = await screen.findByRole("list", { name: "Anexos para enviar" }, SLOW);
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByText("2 KB")).toBeInTheDocument();
    expect(list.querySelector('img[src="blob:preview"]')).not.toBeNull();
    fireEvent.change(screen.getByLabelText("Legenda de foto.png"), { target: { value: "A fachada" } });
    fireEvent.change(screen.getByLabelText("Legenda de notas.txt"), { target: { value: "As notas" } });
    fireEvent.click(screen.getByRole("button", { name: "Remover contrato.pdf" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    fireEvent.click(screen.getByLabelText("Enviar", { selector: "button" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1), SLOW);
    const form = posts(calls)[0]?.body;
    if (!(form instanceof FormData)) throw new Error("not multipart");
    expect(form.getAll("medias").map((file) => (file instanceof File ? file.name : ""))).toEqual(["foto.png", "notas.txt"]);
    expect(JSON.parse(String(form.get("captions")))).toEqual(["A fachada", "As notas"]);
    await waitFor(() => expect(screen.queryByRole("list", { name: "Anexos para enviar" })).toBeNull(), SLOW);
  });

  it("inserts emojis from the picker where the caret is, searching them by name", async () => {
    mockFetch(() => undefined);
    const input = await renderInput("open");
    fireEvent.change(input, { target: { value: "Bom dia!" } });
    input.setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole("button", { name: "Emojis" }));
    const picker = await screen.findByRole("dialog", { name: "Emojis" }, SLOW);
    fireEvent.click(await within(picker).findByRole("button", { name: "rosto risonho" }, { timeout: 20_000 }));
    expect(input).toHaveValue("Bom😀 dia!");

    fireEvent.change(within(picker).getByLabelText("Buscar emoji"), { target: { value: "coracao vermelho" } });
    fireEvent.click(await within(picker).findByRole("button", { name: "coração vermelho" }, SLOW));
    expect(input).toHaveValue("Bom😀❤️ dia!");

    fireEvent.change(within(picker).getByLabelText("Buscar emoji"), { target: { value: "zzzz" } });
    expect(await within(picker).findByText("Nenhum emoji encontrado", undefined, SLOW)).toBeInTheDocument();
  });
});
