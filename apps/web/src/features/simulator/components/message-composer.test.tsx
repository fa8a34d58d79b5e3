import { SIMULATOR_LIMITS, type SimulatorMessage } from "@conversa/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import type { SimulatedCustomer } from "../utils/customer.ts";
import { MessageComposer } from "./message-composer.tsx";

const MARIA: SimulatedCustomer = { number: "5511911112222", name: "Maria", group: null };

function storedMessage(overrides: Partial<SimulatorMessage> = {}): SimulatorMessage {
  return {
    id: 1,
    wid: "SIM1",
    direction: "in",
    number: MARIA.number,
    name: "Maria",
    isGroup: false,
    participant: null,
    kind: "chat",
    body: "",
    media: null,
    location: null,
    vcard: null,
    call: null,
    rawType: null,
    quotedWid: null,
    ack: 2,
    isDeleted: false,
    createdAt: "2025-01-01T12:00:00.000Z",
    ...overrides,
  };
}

function serve(answer: (call: FetchCall) => Response = () => jsonResponse(storedMessage(), 201)) {
  return mockFetch((call) => (call.method === "POST" && call.path === "/simulator/connections/5/messages" ? answer(call) : undefined));
}

function renderComposer(customer: SimulatedCustomer = MARIA) {
  return render(
    <AppProviders>
      <MessageComposer connectionId={5} customer={customer} />
    </AppProviders>,
  );
}

describe("MessageComposer", () => {
  it("sends the typed text as the customer with Enter and clears the field", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer();

    await user.type(screen.getByLabelText("Mensagem"), "Olá, preciso de ajuda{Enter}");

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ from: "5511911112222", name: "Maria", kind: "chat", body: "Olá, preciso de ajuda" });
    await waitFor(() => expect(screen.getByLabelText("Mensagem")).toHaveValue(""));
  });

  it("writes in a group as a participant", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer({ number: "5511911112222", name: "", group: { id: "120363025246125486", name: "Família" } });

    await user.type(screen.getByLabelText("Mensagem"), "Oi grupo");
    await user.click(screen.getByRole("button", { name: "Enviar" }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ from: "5511911112222", group: { id: "120363025246125486", name: "Família" }, kind: "chat", body: "Oi grupo" });
  });

  it("sends an attached image in base64 with the typed text as its caption", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "foto.png", { type: "image/png" });

    await user.type(screen.getByLabelText("Mensagem"), "minha foto");
    await user.upload(screen.getByLabelText("Anexar arquivo"), file);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ from: "5511911112222", name: "Maria", kind: "image", body: "minha foto", media: { data: "iVBORw==", mimetype: "image/png", filename: "foto.png" } });
  });

  it("sends an audio as a voice note when asked to", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer();

    await user.click(screen.getByLabelText("Áudio como nota de voz"));
    await user.upload(screen.getByLabelText("Anexar arquivo"), new File(["abc"], "nota.ogg", { type: "audio/ogg" }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ kind: "audio", voice: true, media: { data: "YWJj", mimetype: "audio/ogg", filename: "nota.ogg" } });
  });

  it("sends any other file as a document", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer();

    await user.upload(screen.getByLabelText("Anexar arquivo"), new File(["%PDF"], "boleto.pdf", { type: "application/pdf" }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ kind: "document", body: "", media: { mimetype: "application/pdf", filename: "boleto.pdf" } });
  });

  it("refuses a file over 16 MB without calling the server", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer();
    const big = new File(["x"], "big.mp4", { type: "video/mp4" });
    Object.defineProperty(big, "size", { value: SIMULATOR_LIMITS.mediaMaxBytes + 1 });

    await user.upload(screen.getByLabelText("Anexar arquivo"), big);

    expect(await screen.findByText("O arquivo passa de 16 MB.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends a location from its dialog", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer();

    await user.click(screen.getByRole("button", { name: "Enviar localização" }));
    const dialog = await screen.findByRole("dialog", { name: "Enviar localização" });
    await user.type(within(dialog).getByLabelText("Latitude"), "-23.5613");
    await user.type(within(dialog).getByLabelText("Longitude"), "-46.6565");
    await user.type(within(dialog).getByLabelText("Descrição"), "Av. Paulista");
    await user.click(within(dialog).getByRole("button", { name: "Enviar" }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ from: "5511911112222", name: "Maria", kind: "location", location: { latitude: -23.5613, longitude: -46.6565, description: "Av. Paulista" } });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sends a contact card from its dialog", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderComposer();

    await user.click(screen.getByRole("button", { name: "Enviar contato" }));
    const dialog = await screen.findByRole("dialog", { name: "Enviar contato" });
    const send = within(dialog).getByRole("button", { name: "Enviar" });
    await user.type(within(dialog).getByLabelText("Nome do contato"), "João Silva");
    await user.type(within(dialog).getByLabelText("Número do contato"), "1234");
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Número do contato"), "5678900");
    await user.click(send);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ from: "5511911112222", name: "Maria", kind: "vcard", vcard: { name: "João Silva", numbers: ["12345678900"] } });
  });

  it("keeps the text when the server refuses the message", async () => {
    const user = userEvent.setup();
    const { calls } = serve(() => errorResponse(409, "ERR_SIMULATOR_NOT_CONNECTED"));
    renderComposer();

    await user.type(screen.getByLabelText("Mensagem"), "Oi{Enter}");

    expect(await screen.findByText("A conexão do simulador não está conectada.")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText("Mensagem")).toHaveValue("Oi");
  });

  it("cannot send before the customer has a valid number", () => {
    serve();
    renderComposer({ number: "1234", name: "", group: null });

    expect(screen.getByLabelText("Mensagem")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Enviar localização" })).toBeDisabled();
  });
});
