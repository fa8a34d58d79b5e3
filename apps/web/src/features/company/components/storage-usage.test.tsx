import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { StorageUsage } from "./storage-usage.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const GIB = 1024 ** 3;

function renderUsage(answer: () => Response) {
  const fetch = mockFetch((call) => (call.method === "GET" && call.path === "/companies/storage" ? answer() : undefined));
  renderWithProviders(<StorageUsage />);
  return fetch;
}

describe("StorageUsage", () => {
  afterEach(async () => {
    localStorage.removeItem("preferredTheme");
    await i18n.changeLanguage("pt-BR");
  });

  it("shows the company's usage against its quota, with a bar at its share", async () => {
    renderUsage(() => jsonResponse({ usedBytes: 1.2 * GIB, quotaBytes: 5 * GIB }));
    expect(await screen.findByText("1,2 GB de 5 GB")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Armazenamento" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Uso do armazenamento" })).toHaveAttribute("aria-valuenow", "24");
    expect(screen.queryByText(/Limite atingido/)).not.toBeInTheDocument();
  });

  it("says at the limit that the team's files are refused and the customers' still kept, in the dark theme too", async () => {
    localStorage.setItem("preferredTheme", "dark");
    renderUsage(() => jsonResponse({ usedBytes: 5 * GIB + 300, quotaBytes: 5 * GIB }));
    expect(await screen.findByText("5 GB de 5 GB")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Uso do armazenamento" })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("Limite atingido: novos arquivos da equipe são recusados; os recebidos dos clientes continuam sendo guardados.")).toBeInTheDocument();
  });

  it("shows an unlimited plan without a bar, in the active language", async () => {
    await i18n.changeLanguage("en");
    renderUsage(() => jsonResponse({ usedBytes: 300 * 1024 ** 2, quotaBytes: null }));
    expect(await screen.findByText("300 MB used · no limit")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("says when the usage could not be loaded", async () => {
    await i18n.changeLanguage("es");
    renderUsage(() => errorResponse(403, "ERR_NO_PERMISSION"));
    expect(await screen.findByText("No se pudo cargar el uso del almacenamiento.")).toBeInTheDocument();
  });
});
