import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { ImportSpreadsheetDialog } from "./import-spreadsheet-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

function openDialog() {
  renderWithProviders(<ImportSpreadsheetDialog open onClose={vi.fn()} />);
  return userEvent.setup();
}

function choose(name: string, size = 100) {
  const file = new File([new Uint8Array(size)], name);
  fireEvent.change(screen.getByTestId("spreadsheet-import-file"), { target: { files: [file] } });
}

describe("ImportSpreadsheetDialog", () => {
  it("refuses a file that is not .xls or .xlsx before sending it", async () => {
    const { calls } = mockFetch(() => undefined);
    openDialog();
    choose("contatos.csv");
    expect(await screen.findByText("Envie uma planilha .xls ou .xlsx.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Importar" })).toBeDisabled();
    expect(calls).toEqual([]);
  });

  it("uploads the spreadsheet as the multipart field 'file' and shows the report with translated reasons", async () => {
    const { calls } = mockFetch((call) =>
      call.path === "/contacts/upload"
        ? jsonResponse({ total: 3, created: 1, updated: 1, rejected: [{ row: 4, reason: "nameTooShort", name: "J", number: "5511933330000" }] })
        : undefined,
    );
    const user = openDialog();
    choose("contatos.xlsx");
    await user.click(screen.getByRole("button", { name: "Importar" }));
    expect(await screen.findByText("Criados: 1")).toBeInTheDocument();
    expect(screen.getByText("Atualizados: 1")).toBeInTheDocument();
    expect(screen.getByText("Rejeitados: 1")).toBeInTheDocument();
    expect(screen.getByText("Nome curto demais (mínimo 2 caracteres)")).toBeInTheDocument();
    const upload = calls.find((call) => call.path === "/contacts/upload");
    expect(upload?.method).toBe("POST");
    expect(upload?.body instanceof FormData && upload.body.get("file") instanceof File).toBe(true);
  });

  it("shows the server's refusal in the dialog", async () => {
    mockFetch((call) => (call.path === "/contacts/upload" ? errorResponse(400, "ERR_IMPORT_MISSING_COLUMNS") : undefined));
    const user = openDialog();
    choose("contatos.xls");
    await user.click(screen.getByRole("button", { name: "Importar" }));
    await waitFor(() => expect(screen.getByText("A primeira linha da planilha precisa ter as colunas nome e número.")).toBeInTheDocument());
  });
});
