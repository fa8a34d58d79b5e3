import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithApp } from "../testing/render.tsx";
import { TicketNotes } from "./ticket-notes.tsx";

const SLOW = { timeout: 20_000 };
const note = { id: 1, note: "Cliente prefere ligação à tarde", ticketId: 5, contactId: 11, user: { id: 7, name: "Ana Souza" }, createdAt: "2025-03-10T12:00:00.000Z" };

describe("TicketNotes", () => {
  it("lists the notes with author and date", async () => {
    mockFetch((call) => (call.path === "/ticket-notes/list" ? jsonResponse([note]) : undefined));
    renderWithApp(<TicketNotes ticketId={5} contactId={11} />);
    expect(await screen.findByText("Cliente prefere ligação à tarde", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/^Ana Souza em \d{2}\/03\/25 \d{2}:00$/)).toBeInTheDocument();
  });

  it("refuses a note shorter than 2 characters", async () => {
    const { calls } = mockFetch((call) => (call.path === "/ticket-notes/list" ? jsonResponse([]) : undefined));
    renderWithApp(<TicketNotes ticketId={5} contactId={11} />);
    fireEvent.change(await screen.findByLabelText("Nova observação", undefined, SLOW), { target: { value: " a " } });
    fireEvent.click(screen.getByText("Adicionar", { selector: "button" }));
    expect(await screen.findByText("Muito curto!", undefined, SLOW)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("adds a note with the spec's toast", async () => {
    const { calls } = mockFetch((call) => {
      if (call.path === "/ticket-notes/list") return jsonResponse([]);
      if (call.method === "POST") return jsonResponse({ ...note, id: 2, note: "Ligar amanhã" });
      return undefined;
    });
    renderWithApp(<TicketNotes ticketId={5} contactId={11} />);
    fireEvent.change(await screen.findByLabelText("Nova observação", undefined, SLOW), { target: { value: "Ligar amanhã" } });
    fireEvent.click(screen.getByText("Adicionar", { selector: "button" }));
    expect(await screen.findByText("Observação adicionada com sucesso!", undefined, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ note: "Ligar amanhã", ticketId: 5, contactId: 11 });
    expect(screen.getByText("Ligar amanhã")).toBeInTheDocument();
  });

  it("deletes a note after confirmation, with the spec's toast", async () => {
    const { calls } = mockFetch((call) => {
      if (call.path === "/ticket-notes/list") return jsonResponse([note]);
      if (call.method === "DELETE") return new Response(null, { status: 204 });
      return undefined;
    });
    renderWithApp(<TicketNotes ticketId={5} contactId={11} />);
    fireEvent.click(await screen.findByLabelText("Excluir observação", undefined, SLOW));
    fireEvent.click(await screen.findByText("Excluir", { selector: "button" }, SLOW));
    expect(await screen.findByText("Observação excluída com sucesso!", undefined, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "DELETE")?.path).toBe("/ticket-notes/1");
    await waitFor(() => expect(screen.queryByText("Cliente prefere ligação à tarde")).toBeNull(), SLOW);
  });
});
