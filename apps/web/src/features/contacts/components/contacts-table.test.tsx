import type { Contact } from "@conversa/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { ContactsTable } from "./contacts-table.tsx";

const contact = (id: number, number: string): Contact => ({
  id,
  uuid: `uuid-${id}`,
  name: `Contato ${id}`,
  number,
  email: "",
  profilePicUrl: null,
  isGroup: false,
  whatsappId: null,
  extraInfo: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

describe("ContactsTable", () => {
  it("shows each number formatted by its country", () => {
    const none = () => undefined;
    renderWithProviders(
      <ContactsTable contacts={[contact(1, "5511987654321"), contact(2, "14155550123")]} isLoading={false} isError={false} onRetry={none} canDelete onOpenTicket={none} onEdit={none} onDelete={none} />,
    );
    const first = screen.getByText("Contato 1").closest("tr");
    expect(first).not.toBeNull();
    expect(within(first!).getAllByText("+55 11 98765-4321").length).toBeGreaterThan(0);
    expect(within(screen.getByText("Contato 2").closest("tr")!).getAllByText("+1 415 555 0123").length).toBeGreaterThan(0);
  });
});
