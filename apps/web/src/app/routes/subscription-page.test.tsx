import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { allPlanFlags, companyPlan, sessionUser } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const DAY = 86_400_000;
/** The page is loaded lazily: its first render waits for its module. */
const PAGE_LOAD = { timeout: 20_000 };
const PLAN = { id: 4, name: "Básico", value: 49.9, users: 2, connections: 1, queues: 3 };
const dayOf = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;
};

/** An admin whose company is in trial (`trialEnd`) or has paid (`trialEnd` null), with /subscription's answer to match. */
function signedIn(state: { trialEnd: string | null; dueDate: string; trialDaysLeft: number | null }, extra: (call: FetchCall) => Response | undefined = () => undefined) {
  const user = sessionUser({ company: { id: 3, name: "Acme", dueDate: state.dueDate, trialExpiration: state.trialEnd, settings: [] } });
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
    if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
    if (call.path === "/companies/storage") return jsonResponse({ usedBytes: 0, quotaBytes: null });
    if (call.path === "/subscription") return jsonResponse({ trialDaysLeft: state.trialDaysLeft, billingEmail: "financeiro@acme.example", dueDate: state.dueDate, recurrence: "MENSAL", plan: PLAN });
    return extra(call);
  });
}

describe("/subscription and the top bar, in trial and once paid", () => {
  it("shows a company in trial its trial's end in the top bar, the days left and ASSINAR AGORA", async () => {
    const trialEnd = new Date(Date.now() + 3 * DAY).toISOString();
    signedIn({ trialEnd, dueDate: trialEnd, trialDaysLeft: 3 });
    renderApp("/subscription");

    expect(await screen.findByLabelText("Dias restantes do período de teste", undefined, PAGE_LOAD)).toHaveValue("3");
    expect(screen.getByRole("button", { name: "Assinar agora" })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Período de teste até ${dayOf(trialEnd)}$`))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pagar fatura" })).not.toBeInTheDocument();
  });

  it("once paid, says active until the due date everywhere, shows no trial days and no trial action, and still lets the next invoice be paid", async () => {
    const dueDate = new Date(Date.now() + 60 * DAY).toISOString();
    const { calls } = signedIn({ trialEnd: null, dueDate, trialDaysLeft: null }, (call) =>
      call.path === "/subscription/invoice" ? jsonResponse({ id: 9, companyId: 3, detail: "Básico", value: 49.9, dueDate, status: "open", paidAt: null, paidBy: null, cancelledAt: null, cancelReason: null, createdAt: dueDate }) : call.path === "/plans/list" ? jsonResponse([{ ...PLAN, storageQuotaMb: 5120, isPublic: true, ...allPlanFlags }]) : undefined,
    );
    renderApp("/subscription");

    expect(await screen.findByLabelText("Assinatura ativa até", undefined, PAGE_LOAD)).toHaveValue(dayOf(dueDate));
    expect(screen.queryByLabelText("Dias restantes do período de teste")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Assinar agora" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Período de teste/)).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Ativo até ${dayOf(dueDate)}$`))).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("button", { name: "Pagar fatura" }));
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/subscription/invoice" && call.method === "POST")).toBe(true);
  });

  it("offers no free plan in the checkout's plan step", async () => {
    const dueDate = new Date(Date.now() + 5 * DAY).toISOString();
    const free = { id: 7, name: "Grátis", value: 0, users: 1, connections: 1, queues: 1, storageQuotaMb: 5120, isPublic: true, ...allPlanFlags };
    const paid = { ...PLAN, id: 4, storageQuotaMb: 5120, isPublic: true, ...allPlanFlags };
    signedIn({ trialEnd: null, dueDate, trialDaysLeft: null }, (call) =>
      call.path === "/subscription/invoice" ? jsonResponse({ id: 9, companyId: 3, detail: "Básico", value: 49.9, dueDate, status: "open", paidAt: null, paidBy: null, cancelledAt: null, cancelReason: null, createdAt: dueDate }) : call.path === "/plans/list" ? jsonResponse([free, paid]) : undefined,
    );
    renderApp("/subscription");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Pagar fatura" }, PAGE_LOAD));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Nome completo/), "Ana Souza");
    await user.type(within(dialog).getByLabelText(/Endereço/), "Rua das Flores, 10");
    await user.type(within(dialog).getByLabelText(/Cidade/), "São Paulo");
    await user.type(within(dialog).getByLabelText(/CEP/), "01000-000");
    await user.click(within(dialog).getByRole("button", { name: "Próximo" }));
    const plans = await within(dialog).findByRole("radiogroup");
    expect(await within(plans).findByText("Básico")).toBeInTheDocument();
    expect(within(plans).queryByText("Grátis")).not.toBeInTheDocument();
    expect(within(plans).getAllByRole("radio")).toHaveLength(1);
  });
});
