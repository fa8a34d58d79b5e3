import type { QueueDetail } from "@conversa/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { QueueDialog } from "./queue-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const others = [{ id: 11, name: "Vendas", color: "#2E7D32", orderQueue: 1, greetingMessage: "", outOfHoursMessage: "" }];

function detail(overrides: Partial<QueueDetail> = {}): QueueDetail {
  return {
    id: 20,
    name: "Financeiro",
    color: "#AD1457",
    orderQueue: 3,
    greetingMessage: "Olá do financeiro",
    outOfHoursMessage: "",
    schedules: [],
    mediaPath: null,
    mediaName: null,
    integrationId: null,
    promptId: null,
    storeId: null,
    ...overrides,
  };
}

function serve(scheduleType: string, extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === "GET" && call.path === "/queue") return jsonResponse(others);
    if (call.method === "GET" && call.path === "/settings") return jsonResponse([{ key: "scheduleType", value: scheduleType }]);
    if (call.method === "GET" && call.path === "/queue-options") return jsonResponse([]);
    return extra(call);
  });
}

function openDialog(queueId: number | null = null) {
  const onClose = vi.fn();
  renderWithProviders(<QueueDialog open queueId={queueId} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method === "POST" || call.method === "PUT");

// A MUI form in jsdom: generous time for a loaded CI machine.
describe("QueueDialog", () => {
  it("refuses a short name and a missing colour, and sends nothing", async () => {
    const { calls } = serve("disabled");
    const { user, onClose } = openDialog();

    await user.type(screen.getByRole("textbox", { name: "Nome" }), "V");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Muito curto!")).toBeInTheDocument();
    expect(screen.getByText("Escolha uma cor")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("offers the 50 colours with the ones in use disabled, creates the queue and says so", async () => {
    const { calls } = serve("disabled", (call) => (call.method === "POST" && call.path === "/queue" ? jsonResponse(detail()) : undefined));
    const { user, onClose } = openDialog();

    const palette = screen.getByRole("radiogroup", { name: /Cor/ });
    expect(within(palette).getAllByRole("radio")).toHaveLength(50);
    await waitFor(() => expect(within(palette).getByLabelText(/^#2E7D32 /)).toBeDisabled());
    await user.type(screen.getByRole("textbox", { name: "Nome" }), " Financeiro ");
    await user.click(within(palette).getByLabelText("#AD1457"));
    await user.type(screen.getByRole("textbox", { name: "Ordem da fila" }), "3");
    await user.type(screen.getByRole("textbox", { name: "Mensagem de saudação" }), "Oi");
    // No hours tab unless the company keeps hours per queue.
    expect(screen.queryByRole("tab", { name: "Horarios de Atendimento" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((call) => call.body)).toEqual([
      { name: "Financeiro", color: "#AD1457", greetingMessage: "Oi", outOfHoursMessage: "", orderQueue: 3, promptId: null, integrationId: null, storeId: null },
    ]);
    expect(await screen.findByText("Queue saved successfully")).toBeInTheDocument();
  });

  it("with scheduleType queue edits the hours locally, tells the user to save, and sends them with the queue", async () => {
    const { calls } = serve("queue", (call) => {
      if (call.method === "GET" && call.path === "/queue/20") return jsonResponse(detail());
      if (call.method === "PUT" && call.path === "/queue/20") return jsonResponse(detail());
      return undefined;
    });
    const { user, onClose } = openDialog(20);

    await user.click(await screen.findByRole("tab", { name: "Horarios de Atendimento" }, { timeout: 20_000 }));
    const mondayStart = screen.getByLabelText("Segunda-feira Início");
    expect(mondayStart).toHaveValue("08:00");
    fireEvent.change(mondayStart, { target: { value: "09:30" } });

    expect(await screen.findByText("Clique em salvar para registar as alterações")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = writes(calls);
    expect(put?.body).toMatchObject({ name: "Financeiro", color: "#AD1457", orderQueue: 3 });
    expect(put?.body).toHaveProperty("schedules", expect.arrayContaining([expect.objectContaining({ weekdayEn: "monday", startTime: "09:30", endTime: "18:00" })]));
  });

  it("keeps the modal open when the colour is already in use", async () => {
    serve("disabled", (call) => (call.method === "PUT" ? errorResponse(409, "ERR_QUEUE_COLOR_ALREADY_EXISTS") : call.path === "/queue/20" ? jsonResponse(detail()) : undefined));
    const { user, onClose } = openDialog(20);

    await user.click(await screen.findByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Esta cor já está em uso, escolha outra.")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
