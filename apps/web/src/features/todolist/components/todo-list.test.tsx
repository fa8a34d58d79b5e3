import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TodoList } from "./todo-list.tsx";

describe("TodoList", () => {
  it("adds with Enter, edits through the input and deletes", async () => {
    const user = userEvent.setup();
    render(<TodoList />);
    const input = screen.getByLabelText("Nova tarefa");

    await user.type(input, "Ligar para o cliente{Enter}");
    const list = screen.getByRole("list", { name: "Tarefas" });
    expect(within(list).getByText("Ligar para o cliente")).toBeInTheDocument();
    expect(within(list).getByText(/Criada em \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}/)).toBeInTheDocument();
    expect(input).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Editar" }));
    expect(input).toHaveValue("Ligar para o cliente");
    await user.clear(input);
    await user.type(input, "Ligar amanhã");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(within(list).getByText("Ligar amanhã")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Excluir" }));
    expect(screen.getByText("Nenhuma tarefa por enquanto.")).toBeInTheDocument();
  });

  it("does not add a blank task", async () => {
    const user = userEvent.setup();
    render(<TodoList />);

    await user.type(screen.getByLabelText("Nova tarefa"), "   ");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(screen.getByText("Nenhuma tarefa por enquanto.")).toBeInTheDocument();
  });
});
