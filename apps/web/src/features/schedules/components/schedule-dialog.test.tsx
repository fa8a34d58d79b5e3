import type { Schedule } from "@conversa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { toLocalInput } from "../utils/schedule-form.ts";
import { ScheduleDialog, type ScheduleDialogProps } from "./schedule-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const maria = { id: 5, name: "Maria Cliente", number: "5511999990000" };

function schedule(values: Partial<Schedule> = {}): Schedule {
  return {
    id: 9,
    body: "Sua consulta é amanhã",
    sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    sentAt: null,
    status: "PENDENTE",
    contactId: maria.id,
    contact: maria,
    ticketId: null,
    userId: 2,
    user: { id: 2, name: "Ana Admin" },
    mediaPath: null,
    mediaName: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...values,
  };
}

function serve(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === "POST" && call.path === "/schedules") return jsonResponse(schedule({ id: 9 }));
    if (call.method === "POST" && call.path === "/schedules/9/media-upload") return jsonResponse(schedule({ mediaPath: "abc.png", mediaName: "promo.png" }));
    return extra(call);
  });
}

function openDialog(props: Partial<ScheduleDialogProps> = {}) {
  const onClose = vi.fn();
  renderWithProviders(<ScheduleDialog open onClose={onClose} {...props} />);
  // Attachments are checked by the dialog itself, whatever the file input's accept list lets through.
  return { onClose, user: userEvent.setup({ applyAccept: false }) };
}

// A MUI form in jsdom: generous time for a loaded machine.
describe("ScheduleDialog", () => {
  it("starts a new schedule one hour ahead and refuses a short message and a missing contact", async () => {
    const { calls } = serve();
    const openedAt = Date.now();
    const { user } = openDialog();

    expect(screen.getByRole("heading", { name: "Mensagem pendente" })).toBeInTheDocument();
    const sendAt = screen.getByLabelText<HTMLInputElement>(/Data do envio/);
    // The dialog reads the clock between these two instants, which may fall on either side of a minute.
    const possible = new Set([toLocalInput(new Date(openedAt + 3_600_000)), toLocalInput(new Date(Date.now() + 3_600_000))]);
    expect(possible).toContain(sendAt.value);

    await user.type(screen.getByRole("textbox", { name: /Mensagem/ }), "oi");
    await user.click(screen.getByRole("button", { name: "Agendar" }));

    expect(await screen.findByText("Mensagem muito curta")).toBeInTheDocument();
    expect(screen.getByText("Obrigatório")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("schedules a message for the ticket's contact and uploads the chosen image", async () => {
    const { calls } = serve();
    const { user, onClose } = openDialog({ contact: maria });

    expect(screen.getByRole("combobox", { name: /Contato/ })).toHaveValue("Maria Cliente");
    await user.type(screen.getByRole("textbox", { name: /Mensagem/ }), "Seu pedido saiu para entrega");
    await user.upload(screen.getByTestId("schedule-attachment-input"), new File(["png"], "promo.png", { type: "image/png" }));
    expect(screen.getByText("promo.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Agendar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === "POST" && call.path === "/schedules");
    expect(post?.body).toMatchObject({ body: "Seu pedido saiu para entrega", contactId: maria.id });
    const body = post?.body as { sendAt: string };
    expect(Math.abs(Date.parse(body.sendAt) - (Date.now() + 3_600_000))).toBeLessThan(120_000);
    const upload = calls.find((call) => call.path === "/schedules/9/media-upload");
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("refuses an attachment that is not png, jpg or jpeg", async () => {
    serve();
    const { user } = openDialog({ contact: maria });
    await user.upload(screen.getByTestId("schedule-attachment-input"), new File(["gif"], "animacao.gif", { type: "image/gif" }));
    expect(screen.getByText("Apenas imagens png, jpg ou jpeg")).toBeInTheDocument();
    expect(screen.queryByText("animacao.gif")).not.toBeInTheDocument();
  });

  it("shows a sent schedule with its status in the title and without the submit button", async () => {
    serve((call) => (call.method === "GET" && call.path === "/schedules/9" ? jsonResponse(schedule({ status: "ENVIADA", sentAt: "2025-03-10T13:00:00.000Z", ticketId: 44 })) : undefined));
    openDialog({ scheduleId: 9 });

    expect(await screen.findByRole("heading", { name: "Mensagem enviada" })).toBeInTheDocument();
    expect(screen.getByText(/Enviada em \d{2}\/\d{2}\/25 \d{2}:\d{2} pelo atendimento #44/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Salvar|Agendar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Mensagem/ })).toBeDisabled();
  });

  it("shows status ERRO as a send error", async () => {
    serve((call) => (call.method === "GET" && call.path === "/schedules/9" ? jsonResponse(schedule({ status: "ERRO" })) : undefined));
    openDialog({ scheduleId: 9 });
    expect(await screen.findByRole("heading", { name: "Erro no envio" })).toBeInTheDocument();
    expect(screen.getByText(/O envio desta mensagem falhou/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salvar" })).toBeInTheDocument();
  });

  it("changes a pending schedule with PUT and deletes one after confirmation", async () => {
    const { calls } = serve((call) => {
      if (call.method === "GET" && call.path === "/schedules/9") return jsonResponse(schedule());
      if (call.method === "PUT" && call.path === "/schedules/9") return jsonResponse(schedule({ body: "Texto novo do lembrete" }));
      if (call.method === "DELETE" && call.path === "/schedules/9") return jsonResponse({ message: "Schedule deleted" });
      return undefined;
    });
    const { user, onClose } = openDialog({ scheduleId: 9 });

    const body = await screen.findByRole("textbox", { name: /Mensagem/ });
    await user.clear(body);
    await user.type(body, "Texto novo do lembrete");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ body: "Texto novo do lembrete", contactId: maria.id });

    await user.click(screen.getByRole("button", { name: "Excluir" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir agendamento?" });
    expect(within(confirm).getByText(/Maria Cliente não será enviada/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE" && call.path === "/schedules/9")).toBe(true));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
