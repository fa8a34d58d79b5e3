import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { ticket } from "../testing/fixtures.ts";
import { renderWithApp } from "../testing/render.tsx";
import { TransferTicketDialog } from "./transfer-ticket-dialog.tsx";

const SLOW = { timeout: 20_000 };
const queues = [
  { id: 2, name: "Vendas", color: "#2DDD7F", orderQueue: 1, greetingMessage: "", outOfHoursMessage: "" },
  { id: 3, name: "Suporte", color: "#3388DD", orderQueue: 2, greetingMessage: "", outOfHoursMessage: "" },
];
const users = [
  { id: 8, name: "Bruno Lima", profile: "user", online: true, queues: [] },
  { id: 9, name: "Bruna Dias", profile: "user", online: false, queues: [] },
  { id: 10, name: "Carla", profile: "admin", online: true, queues: [] },
];

function serve() {
  return mockFetch((call) => {
    if (call.path === "/queue") return jsonResponse(queues);
    if (call.path === "/users/list") return jsonResponse(users);
    if (call.path === "/whatsapp/") return jsonResponse([]);
    return undefined;
  });
}

describe("TransferTicketDialog", () => {
  it("requires a queue", async () => {
    serve();
    const onTransfer = vi.fn(async () => true);
    renderWithApp(<TransferTicketDialog open ticket={ticket()} onClose={() => undefined} onTransfer={onTransfer} />);
    const dialog = await screen.findByRole("dialog", undefined, SLOW);
    fireEvent.click(within(dialog).getByText("Transferir", { selector: "button" }));
    expect(await within(dialog).findByText("Selecione uma fila", undefined, SLOW)).toBeInTheDocument();
    expect(onTransfer).not.toHaveBeenCalled();
  });

  it("searches users from 3 characters and transfers to the queue and user chosen", async () => {
    const { calls } = serve();
    const onTransfer = vi.fn(async () => true);
    const onClose = vi.fn();
    renderWithApp(<TransferTicketDialog open ticket={ticket()} onClose={onClose} onTransfer={onTransfer} />);
    const dialog = await screen.findByRole("dialog", undefined, SLOW);
    const userInput = within(dialog).getByLabelText("Atendente");
    userInput.focus();
    fireEvent.change(userInput, { target: { value: "br" } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.some((call) => call.path === "/users/list")).toBe(false);
    fireEvent.change(userInput, { target: { value: "bru" } });
    await waitFor(() => expect(calls.map((call) => call.path)).toContain("/users/list"), SLOW);
    fireEvent.keyDown(userInput, { key: "ArrowDown" });
    const options = await screen.findAllByRole("option", undefined, SLOW);
    expect(options.map((option) => option.textContent)).toEqual(["Bruno Lima", "Bruna Dias"]);
    fireEvent.click(options[0] as HTMLElement);

    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Suporte" }, SLOW));
    fireEvent.click(within(dialog).getByText("Transferir", { selector: "button" }));
    await waitFor(() => expect(onTransfer).toHaveBeenCalledWith({ queueId: 3, userId: 8 }, expect.any(Function)), SLOW);
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  });
});
