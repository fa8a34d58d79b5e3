import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TicketActionButtons } from "./ticket-action-buttons.tsx";

function renderButtons(status: "pending" | "open" | "closed", canDelete = false) {
  const onAction = vi.fn();
  const onDelete = vi.fn();
  const view = render(<TicketActionButtons ticket={{ status }} running={null} canDelete={canDelete} onAction={onAction} onDelete={onDelete} />);
  return { onAction, onDelete, ...view };
}

/** The visible labels of the buttons, in order (cheaper than one role query per name). */
function buttonLabels(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll("button"), (button) => button.textContent ?? "").filter(Boolean);
}

describe("TicketActionButtons", () => {
  it.each([
    ["pending", ["Aceitar"]],
    ["open", ["Devolver", "Resolver", "Transferir"]],
    ["closed", ["Reabrir"]],
  ] as const)("offers a %s ticket %j", (status, names) => {
    const { container } = renderButtons(status);
    expect(buttonLabels(container)).toEqual(names);
  });

  it("names the buttons for assistive technology and reports the action clicked", () => {
    const { onAction } = renderButtons("open");
    const button = screen.getByText("Resolver", { selector: "button" });
    expect(button).toHaveAccessibleName("Resolver");
    fireEvent.click(button);
    expect(onAction).toHaveBeenCalledWith("resolve");
  });

  it("shows the schedule action disabled without a way to schedule (the plan has no schedules)", () => {
    renderButtons("open");
    expect(screen.getByLabelText("Agendar mensagem", { selector: "button" })).toBeDisabled();
  });

  it("offers the schedule action when the page can schedule", () => {
    const onSchedule = vi.fn();
    render(<TicketActionButtons ticket={{ status: "closed" }} running={null} canDelete={false} onAction={vi.fn()} onDelete={vi.fn()} onSchedule={onSchedule} />);
    fireEvent.click(screen.getByLabelText("Agendar mensagem", { selector: "button" }));
    expect(onSchedule).toHaveBeenCalled();
  });

  it("offers delete only with the permission", () => {
    const first = renderButtons("open");
    expect(first.container.querySelector('button[aria-label="Excluir atendimento"]')).toBeNull();
    first.unmount();
    const { onDelete } = renderButtons("closed", true);
    fireEvent.click(screen.getByLabelText("Excluir atendimento", { selector: "button" }));
    expect(onDelete).toHaveBeenCalled();
  });
});
