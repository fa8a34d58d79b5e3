import { type Queue, type SimulatorConnection, campaignSettingsList } from "@conversa/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../features/auth/components/auth-provider.tsx";
import { LoginForm } from "../features/auth/components/login-form.tsx";
import { AnnouncementDialog } from "../features/announcements/components/announcement-dialog.tsx";
import { CampaignDialog } from "../features/campaigns/components/campaign-dialog.tsx";
import { CampaignTestSendDialog } from "../features/campaigns/components/campaign-test-send-dialog.tsx";
import { campaignFixture } from "../features/campaigns/test-fixtures.ts";
import { ConnectionDialog } from "../features/connections/components/connection-dialog.tsx";
import { ChatComposer } from "../features/chats/components/chat-composer.tsx";
import { ChatDialog } from "../features/chats/components/chat-dialog.tsx";
import { CompaniesTab } from "../features/companies/components/companies-tab.tsx";
import { ContactListDialog } from "../features/contact-lists/components/contact-list-dialog.tsx";
import { ListContactDialog } from "../features/contact-lists/components/list-contact-dialog.tsx";
import { ContactDialog } from "../features/contacts/components/contact-dialog.tsx";
import { TicketNotes } from "../features/conversation/components/ticket-notes.tsx";
import { TransferTicketDialog } from "../features/conversation/components/transfer-ticket-dialog.tsx";
import { useTicketActions } from "../features/conversation/hooks/use-ticket-actions.ts";
import { ticket } from "../features/conversation/testing/fixtures.ts";
import { FileListDialog } from "../features/files/components/file-list-dialog.tsx";
import { HelpsTab } from "../features/helps/components/helps-tab.tsx";
import { RequestCodeForm } from "../features/password-reset/components/request-code-form.tsx";
import { ResetPasswordForm } from "../features/password-reset/components/reset-password-form.tsx";
import { SendTestForm } from "../features/messages-api/components/send-test-form.tsx";
import { PlansTab } from "../features/plans/components/plans-tab.tsx";
import { PromptsPanel } from "../features/prompts/prompts-panel.tsx";
import { QueueIntegrationsPanel } from "../features/queue-integrations/queue-integrations-panel.tsx";
import { QueueConfigDialog } from "../features/queues/components/distribution/queue-panels.tsx";
import { RuleDialog } from "../features/queues/components/distribution/rule-dialog.tsx";
import { RulesTab } from "../features/queues/components/distribution/rules-tab.tsx";
import { StoresTab } from "../features/queues/components/distribution/stores-tab.tsx";
import { QueueOptionTree } from "../features/queues/components/queue-option-tree.tsx";
import { QueueDialog } from "../features/queues/components/queue-dialog.tsx";
import { QuickMessageDialog } from "../features/quick-messages/components/quick-message-dialog.tsx";
import { ScheduleDialog } from "../features/schedules/components/schedule-dialog.tsx";
import { ConnectionPanel } from "../features/simulator/components/connection-panel.tsx";
import { MessageComposer } from "../features/simulator/components/message-composer.tsx";
import { SignupForm } from "../features/signup/components/signup-form.tsx";
import { TagDialog } from "../features/tags/components/tag-dialog.tsx";
import { ContactFormDialog } from "../features/tickets/components/contact-form-dialog.tsx";
import { StandaloneNewTicketDialog } from "../features/tickets/components/standalone-new-ticket-dialog.tsx";
import { UserDialog } from "../features/users/components/user-dialog.tsx";
import { InstallationSection } from "../features/installation/components/installation-section.tsx";
import { TwoFactorSection } from "../features/two-factor/components/two-factor-section.tsx";
import { TwoFactorSetup } from "../features/two-factor/components/two-factor-setup.tsx";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../test/fetch-mock.ts";
import { renderWithProviders } from "../test/render-with-providers.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

/**
 * Every form of the web app, found by its source: a component with a submit button, or a record editor.
 * Each one is walked below with the server refusing what it sends; a new form that is not in WALKS fails
 * the first test, so none can be forgotten.
 */
const SOURCES = import.meta.glob<string>(["../features/**/*.tsx", "../components/**/*.tsx", "./**/*.tsx", "!**/*.test.tsx"], { query: "?raw", import: "default", eager: true });
const FORM_FILES = Object.entries(SOURCES)
  .filter(([, source]) => /type="submit"|<RecordEditorFrame\b/.test(source))
  .map(([path]) => path.replace(/^\.\.\//, "").replace(/^\.\//, "app/"))
  .sort();

/** What the server says about the first field of every body it refuses, and the texts the user then reads. */
const FIELD_MESSAGE = "Too Long!";
const FIELD_TEXT = "Muito longo!";
const VALIDATION_TOAST = "Verifique os dados informados.";
const OTHER_CODE = { status: 409, code: "ERR_DUPLICATED_CONTACT", text: "Já existe um contato com este número." };

interface Walk {
  /** The form, rendered as its page renders it. */
  ui: () => ReactNode;
  /** Opens the form and fills what the form's own rules require (generic text fields are filled by the walk). */
  prepare?: () => Promise<void> | void;
  /** The GET answers the form needs to show itself. */
  get?: (call: FetchCall) => Response | undefined;
  /** The request the form sends, refused by the walk: any call but a GET unless told (a preview sends a read). */
  sends?: (call: FetchCall) => boolean;
}

/**
 * Forms kept out of the walk, reviewed: none of them sends a request a server can refuse with a body of its own.
 */
const EXCLUDED: Record<string, string> = {
  "components/record-editor/record-editor-frame.tsx": "the layout of the record editors, not a form of its own: walked through the Ajuda and Empresas tabs",
  "features/dashboard/components/period-filter.tsx": "sets the period of the dashboard's reads; it sends nothing itself (a refused read is the read's toast)",
  "features/queues/components/distribution/logs-tab.tsx": "sets the filter of the distribution log's read; it sends nothing itself (a refused read is the 'history' toast)",
  "features/todolist/components/todo-list.tsx": "kept in the browser's storage: nothing is sent to the server",
};

const admin = { id: 7, profile: "admin" as const, isSuper: false, userId: 7, allTicket: "desabled" as const, whatsappId: null, queues: [] };
const maria = { id: 31, name: "Maria Cliente", number: "5511988887777" };
const ouro = { id: 1, name: "Ouro", users: 10, connections: 3, queues: 5, value: 199.9, storageQuotaMb: 5120, isPublic: true, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
const simulatorPhone: SimulatorConnection = {
  id: 5,
  companyId: 1,
  companyName: "Conversa Demo",
  name: "Simulador",
  status: "qrcode",
  qrcode: "SIMULATOR:5:abc",
  retries: 0,
  number: null,
  isRunning: true,
  refuseSends: false,
  updatedAt: "2025-01-01T12:00:00.000Z",
};
const loja = (id: number, name: string) => ({ id, name, active: true, rulesCount: 0, queuesCount: 0 });
const vendas: Queue = { id: 4, name: "Vendas", color: "#00aa55", greetingMessage: "", outOfHoursMessage: "", orderQueue: 1, storeId: null };

/** The transfer dialog as the conversation's header opens it: the ticket's actions send the transfer. */
function TransferWalk() {
  const [shown] = useState(() => ticket());
  const actions = useTicketActions(shown, null);
  return <TransferTicketDialog open ticket={shown} onClose={() => {}} onTransfer={actions.transfer} />;
}

/** Picks an option of an autocomplete by its label. */
async function pick(label: RegExp, option: string) {
  const input = await screen.findByRole("combobox", { name: label });
  fireEvent.focus(input);
  fireEvent.keyDown(input, { key: "ArrowDown" });
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

/** Picks an option of a select field by its label. */
async function choose(label: RegExp, option: string | RegExp) {
  const select = await screen.findByRole("combobox", { name: label });
  // The options come from a GET: the menu is opened again until they are there.
  const choice = await waitFor(() => {
    if (screen.queryByRole("listbox") === null) fireEvent.mouseDown(select);
    return screen.getByRole("option", { name: option });
  });
  fireEvent.click(choice);
}

const WALKS: Record<string, Walk> = {
  "features/installation/components/installation-section.tsx": {
    ui: () => <InstallationSection />,
    get: () => jsonResponse([{ key: "signupEnabled", value: "true" }, { key: "requireSuperUser2fa", value: "false" }, { key: "auditRetentionDays", value: "365" }]),
    prepare: async () => {
      fireEvent.change(await screen.findByRole("spinbutton", { name: /^Retenção da auditoria/ }), { target: { value: "400" } });
    },
  },
  "features/two-factor/components/two-factor-section.tsx": {
    ui: () => <TwoFactorSection enabled onChanged={() => {}} />,
    prepare: async () => {
      fireEvent.click(await screen.findByRole("button", { name: /^Desativar/ }));
      fireEvent.change(await screen.findByLabelText(/^Senha/), { target: { value: "Senha-forte-123" } });
      fireEvent.change(screen.getByLabelText(/^Código/), { target: { value: "123456" } });
    },
  },
  "features/two-factor/components/two-factor-setup.tsx": {
    ui: () => <TwoFactorSetup onDone={() => {}} />,
    get: (call) => (call.path === "/auth/2fa/setup" ? jsonResponse({ secret: "JBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/Conversa:walk?secret=JBSWY3DPEHPK3PXP" }) : undefined),
    sends: (call) => call.path === "/auth/2fa/enable",
    prepare: async () => {
      fireEvent.change(await screen.findByLabelText(/^Código de 6 dígitos/), { target: { value: "123456" } });
    },
  },
  "features/announcements/components/announcement-dialog.tsx": { ui: () => <AnnouncementDialog open announcementId={null} onClose={() => {}} /> },
  "features/connections/components/connection-dialog.tsx": { ui: () => <ConnectionDialog open connectionId={null} onClose={() => {}} /> },
  "features/contact-lists/components/contact-list-dialog.tsx": { ui: () => <ContactListDialog open contactListId={null} onClose={() => {}} /> },
  "features/contact-lists/components/list-contact-dialog.tsx": { ui: () => <ListContactDialog open contactListId={2} itemId={null} onClose={() => {}} /> },
  "features/campaigns/components/campaign-dialog.tsx": {
    ui: () => <CampaignDialog open campaignId={null} onClose={() => {}} />,
    get: (call) => {
      if (call.path === "/whatsapp/") return jsonResponse([{ id: 1, name: "Loja Centro", provider: "beta" }]);
      if (call.path === "/contact-lists/list") return jsonResponse([{ id: 2, name: "Clientes VIP", contactsCount: 3, validCount: 3, createdAt: "", updatedAt: "" }]);
      if (call.path === "/files/") return jsonResponse({ files: [], count: 0, hasMore: false });
      if (call.path === "/campaign-settings") return jsonResponse(campaignSettingsList({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [], optOutWords: ["SAIR"], optOutConfirmation: "Pronto." }));
      return jsonResponse([]);
    },
    prepare: async () => {
      await choose(/^Conexão/, "Loja Centro");
      await choose(/^Lista de contatos/, "Clientes VIP");
      fireEvent.change(screen.getByRole("textbox", { name: "Mensagem 1" }), { target: { value: "Oi {nome}" } });
    },
  },
  "features/campaigns/components/campaign-test-send-dialog.tsx": {
    ui: () => <CampaignTestSendDialog campaign={campaignFixture()} onClose={() => {}} />,
    prepare: async () => {
      fireEvent.change(await screen.findByRole("textbox", { name: "Número" }), { target: { value: "5511988887777" } });
    },
  },
  "features/chats/components/chat-composer.tsx": {
    ui: () => <ChatComposer chatId={9} />,
    prepare: async () => {
      fireEvent.change(await screen.findByRole("textbox", { name: "Mensagem" }), { target: { value: "Bom dia, equipe" } });
    },
  },
  "features/chats/components/chat-dialog.tsx": {
    ui: () => <ChatDialog open chat={null} userId={7} onClose={() => {}} onSaved={() => {}} />,
    get: () => jsonResponse([{ id: 8, name: "Ana Atendente", profile: "user", online: true, queues: [] }]),
    prepare: () => pick(/^Usuários/, "Ana Atendente"),
  },
  "features/companies/components/companies-tab.tsx": {
    ui: () => <CompaniesTab ownCompanyId={1} />,
    get: (call) => (call.path === "/plans/all" ? jsonResponse([ouro]) : jsonResponse({ companies: [], count: 0, hasMore: false })),
    prepare: () => choose(/^Plano/, "Ouro"),
  },
  "features/contacts/components/contact-dialog.tsx": { ui: () => <ContactDialog open contactId={null} onClose={() => {}} /> },
  "features/conversation/components/ticket-notes.tsx": {
    ui: () => <TicketNotes ticketId={5} contactId={31} />,
    get: () => jsonResponse([]),
    prepare: async () => {
      fireEvent.change(await screen.findByRole("textbox", { name: /^Nova observação/ }), { target: { value: "Cliente pediu retorno" } });
    },
  },
  "features/conversation/components/transfer-ticket-dialog.tsx": {
    ui: () => <TransferWalk />,
    get: (call) => (call.path === "/queue" ? jsonResponse([vendas]) : jsonResponse([])),
    prepare: () => choose(/^Fila/, "Vendas"),
  },
  "features/files/components/file-list-dialog.tsx": { ui: () => <FileListDialog open fileListId={null} onClose={() => {}} /> },
  "features/helps/components/helps-tab.tsx": {
    ui: () => <HelpsTab />,
    get: () => jsonResponse([]),
    prepare: async () => {
      fireEvent.change(await screen.findByRole("textbox", { name: /^Código do vídeo/ }), { target: { value: "dQw4w9WgXcQ" } });
    },
  },
  "features/prompts/prompts-panel.tsx": {
    ui: () => <PromptsPanel queues={[{ id: 4, name: "Vendas" }]} />,
    get: () => jsonResponse({ prompts: [], count: 0, hasMore: false }),
    prepare: async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Adicionar prompt" }));
      await choose(/^Setor/, "Vendas");
      fireEvent.change(screen.getByLabelText(/^Chave da API/), { target: { value: "sk-walk" } });
    },
  },
  "features/queue-integrations/queue-integrations-panel.tsx": {
    ui: () => <QueueIntegrationsPanel />,
    get: () => jsonResponse({ queueIntegrations: [], count: 0, hasMore: false }),
    prepare: async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Adicionar integração" }));
      await screen.findByRole("dialog");
    },
  },
  "features/plans/components/plans-tab.tsx": { ui: () => <PlansTab />, get: () => jsonResponse([]) },
  "features/queues/components/distribution/queue-panels.tsx": {
    ui: () => <QueueConfigDialog queue={vendas} onClose={() => {}} />,
    get: (call) =>
      call.path.endsWith("/users")
        ? jsonResponse({ users: [] })
        : jsonResponse({ queueId: 4, defaultStrategy: "least_load", onlineOnlyDefault: true, maxOpenPerAgent: 5, defaultOrderedUserIds: [], slaMinutesTarget: null, keywords: "", enableFallbackToQueueKeywords: false }),
  },
  "features/queues/components/distribution/rule-dialog.tsx": { ui: () => <RuleDialog storeId={3} rule={null} queues={[]} users={[]} onClose={() => {}} /> },
  "features/queues/components/distribution/rules-tab.tsx": {
    ui: () => <RulesTab />,
    get: (call) => {
      if (call.path === "/stores") return jsonResponse({ stores: [loja(2, "Loja Norte"), loja(3, "Loja Centro")], count: 2, hasMore: false });
      if (call.path === "/queue") return jsonResponse([vendas]);
      if (call.path === "/stores/3/rules") return jsonResponse({ rules: [] });
      return jsonResponse([]);
    },
    sends: (call) => call.path === "/stores/3/rules/preview",
    prepare: async () => {
      await choose(/^Loja/, "Loja Centro");
      fireEvent.change(await screen.findByRole("textbox", { name: "Mensagem do cliente" }), { target: { value: "quero comprar" } });
    },
  },
  "features/queues/components/distribution/stores-tab.tsx": {
    ui: () => <StoresTab />,
    get: () => jsonResponse({ stores: [] }),
    prepare: async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Adicionar loja" }));
      await screen.findByRole("dialog");
    },
  },
  "features/queues/components/queue-dialog.tsx": {
    ui: () => <QueueDialog open queueId={null} onClose={() => {}} />,
    get: () => jsonResponse([]),
    prepare: async () => {
      fireEvent.click((await screen.findAllByRole("radio"))[0]!);
    },
  },
  "features/queues/components/queue-option-form.tsx": {
    ui: () => <QueueOptionTree queueId={4} />,
    get: () => jsonResponse([]),
    prepare: async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Adicionar opção" }));
    },
  },
  "features/quick-messages/components/quick-message-dialog.tsx": { ui: () => <QuickMessageDialog open quickMessageId={null} actor={admin} onClose={() => {}} /> },
  "features/schedules/components/schedule-dialog.tsx": { ui: () => <ScheduleDialog open contact={maria} sendAt={new Date("2099-01-01T12:00:00Z")} onClose={() => {}} /> },
  "features/simulator/components/connection-panel.tsx": {
    ui: () => <ConnectionPanel connection={simulatorPhone} />,
    prepare: async () => {
      fireEvent.change(await screen.findByRole("textbox", { name: /^Número do celular que lê o QR Code/ }), { target: { value: "5511977776666" } });
    },
  },
  "features/simulator/components/message-composer.tsx": {
    ui: () => <MessageComposer connectionId={5} customer={{ number: maria.number, name: maria.name, group: null }} />,
    prepare: async () => {
      fireEvent.change(await screen.findByRole("textbox", { name: "Mensagem" }), { target: { value: "Oi, quero saber do meu pedido" } });
    },
  },
  "features/tags/components/tag-dialog.tsx": { ui: () => <TagDialog open tagId={null} canSetKanban onClose={() => {}} /> },
  "features/tickets/components/contact-form-dialog.tsx": { ui: () => <ContactFormDialog initialName="Maria Cliente" onClose={() => {}} onCreated={() => {}} /> },
  "features/tickets/components/new-ticket-dialog.tsx": { ui: () => <StandaloneNewTicketDialog open viewer={admin} initialContact={maria} onClose={() => {}} onCreated={() => {}} /> },
  "features/users/components/user-dialog.tsx": { ui: () => <UserDialog open userId={null} actor={admin} onClose={() => {}} /> },
};

/**
 * The public forms (no session): their refusal is the alert above the form (the catalogue's text), so the walk
 * asserts that alert.
 */
const PUBLIC_WALKS: Record<string, Walk> = {
  "features/auth/components/login-form.tsx": {
    ui: () => (
      <AuthProvider>
        <LoginForm />
      </AuthProvider>
    ),
  },
  "features/password-reset/components/request-code-form.tsx": { ui: () => <RequestCodeForm defaultEmail="" onSent={() => {}} onHaveCode={() => {}} /> },
  "features/password-reset/components/reset-password-form.tsx": {
    ui: () => <ResetPasswordForm defaultEmail="walk@example.com" onDone={() => {}} onRequestNewCode={() => {}} />,
    prepare: async () => {
      fireEvent.change(await screen.findByLabelText(/^Código/), { target: { value: "ABCD2345" } });
      fireEvent.change(screen.getByLabelText(/^Nova senha/), { target: { value: "Senha-forte-123" } });
      fireEvent.change(screen.getByLabelText(/^Confirme a nova senha/), { target: { value: "Senha-forte-123" } });
    },
  },
  "features/signup/components/signup-form.tsx": {
    ui: () => <SignupForm companyId={undefined} onSignedUp={() => {}} />,
    get: (call) => (call.path === "/plans/list" ? jsonResponse([ouro]) : jsonResponse({ enabled: true })),
    prepare: () => choose(/^Plano/, /^Ouro/),
  },
};

/** The external API's test forms: they show the API's answer as it came (the refusal's status above its body). */
const ANSWER_WALKS: Record<string, Walk> = {
  "features/messages-api/components/send-test-form.tsx": { ui: () => <SendTestForm kind="text" initialToken="token-da-conexao" /> },
};

/** A value each kind of required text field accepts. */
function valueFor(input: HTMLInputElement | HTMLTextAreaElement): string {
  const hint = `${input.getAttribute("name") ?? ""} ${input.getAttribute("type") ?? ""} ${input.id}`.toLowerCase();
  if (hint.includes("email")) return "walk@example.com";
  if (hint.includes("password")) return "Senha-forte-123";
  if (input.getAttribute("type") === "number") return "1";
  if (hint.includes("number")) return "5511988887777";
  if (hint.includes("url")) return "https://hooks.example/in";
  return "Texto de teste";
}

function fillEmptyTextFields(form: HTMLElement): void {
  for (const input of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    const type = input.getAttribute("type") ?? "text";
    // Only what the form requires: an optional field may carry a rule of its own (a connection's token).
    if (!input.required || input.disabled || input.readOnly || input.value !== "" || input.getAttribute("aria-hidden") === "true") continue;
    if (input.getAttribute("role") === "combobox" || !["text", "email", "password", "number", "url", "tel"].includes(type)) continue;
    fireEvent.change(input, { target: { value: valueFor(input) } });
  }
}

/**
 * The names of what a refused request sent: the top-level fields of its JSON body, or of its multipart form, or
 * (a read, like a preview) of its query string.
 */
function sentFields(call: FetchCall): string[] {
  if (call.body instanceof FormData) return [...new Set(call.body.keys())];
  if (typeof call.body === "object" && call.body !== null) return Object.keys(call.body);
  return call.method === "GET" ? [...new Set(call.url.searchParams.keys())] : [];
}

/** Where the refused request carried its fields, as the server's ERR_VALIDATION names it. */
function fieldSource(call: FetchCall): "body" | "querystring" {
  return call.method === "GET" ? "querystring" : "body";
}

const isNotRead = (call: FetchCall) => call.method !== "GET";

async function walk(path: string, refusal: (call: FetchCall) => Response) {
  const entry = WALKS[path] ?? PUBLIC_WALKS[path] ?? ANSWER_WALKS[path]!;
  const sends = entry.sends ?? isNotRead;
  const { calls } = mockFetch((call) => (sends(call) ? refusal(call) : entry.get?.(call)));
  renderWithProviders(<MemoryRouter>{entry.ui()}</MemoryRouter>);
  await entry.prepare?.();
  const submit = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(button).not.toBeNull();
    return button!;
  });
  fillEmptyTextFields(submit.closest("form") ?? document.body);
  fireEvent.click(submit);
  await waitFor(() => expect(calls.some(sends)).toBe(true), { timeout: 20_000 });
  return calls.find(sends)!;
}

describe("every form shows the server's refusal", () => {
  it("walks every form of the app (a new form must be added to WALKS)", () => {
    expect(FORM_FILES.length).toBeGreaterThan(20);
    const unknown = FORM_FILES.filter((path) => !(path in WALKS) && !(path in PUBLIC_WALKS) && !(path in ANSWER_WALKS) && !(path in EXCLUDED));
    expect(unknown).toEqual([]);
    expect([...Object.keys(WALKS), ...Object.keys(PUBLIC_WALKS), ...Object.keys(ANSWER_WALKS), ...Object.keys(EXCLUDED)].filter((path) => !FORM_FILES.includes(path))).toEqual([]);
  });

  describe.each(Object.keys(WALKS))("%s", (path) => {
    it("puts ERR_VALIDATION's field under that field", async () => {
      const sent = await walk(path, (call) =>
        errorResponse(400, "ERR_VALIDATION", "Invalid request", sentFields(call).map((field) => ({ in: fieldSource(call), path: `/${field}`, message: FIELD_MESSAGE }))),
      );
      expect(sentFields(sent).length).toBeGreaterThan(0);
      const refused = await screen.findAllByText(FIELD_TEXT, undefined, { timeout: 20_000 });
      // Shown on a field the user sees (its helper text), not only somewhere on the page.
      expect(refused.some((element) => element.closest(".MuiFormControl-root, .MuiFormGroup-root, [role=group]") !== null)).toBe(true);
      expect(await screen.findByText(VALIDATION_TOAST, undefined, { timeout: 20_000 })).toBeInTheDocument();
    });

    it("says another code as the catalogue's toast", async () => {
      await walk(path, () => errorResponse(OTHER_CODE.status, OTHER_CODE.code, "Duplicated"));
      expect((await screen.findAllByText(OTHER_CODE.text, undefined, { timeout: 20_000 })).length).toBeGreaterThan(0);
    });
  });

  describe.each(Object.keys(PUBLIC_WALKS))("%s", (path) => {
    it("says ERR_VALIDATION in the alert above the form", async () => {
      // The password reset sends its values in the path: the refusal then names a path parameter.
      await walk(path, (call) => {
        const fields = sentFields(call);
        const details = fields.length > 0 ? fields.map((field) => ({ in: "body", path: `/${field}`, message: FIELD_MESSAGE })) : [{ in: "params", path: "/email", message: FIELD_MESSAGE }];
        return errorResponse(400, "ERR_VALIDATION", "Invalid request", details);
      });
      expect(await screen.findByRole("alert", undefined, { timeout: 20_000 })).toHaveTextContent(VALIDATION_TOAST);
    });

    it("says another code in the alert above the form", async () => {
      await walk(path, () => errorResponse(OTHER_CODE.status, OTHER_CODE.code, "Duplicated"));
      expect(await screen.findByRole("alert", undefined, { timeout: 20_000 })).toHaveTextContent(OTHER_CODE.text);
    });
  });

  describe.each(Object.keys(ANSWER_WALKS))("%s", (path) => {
    it.each([
      [400, "ERR_VALIDATION"],
      [OTHER_CODE.status, OTHER_CODE.code],
    ])("says the API's refusal %i %s with its answer", async (status, code) => {
      await walk(path, () => errorResponse(status, code, "Refused"));
      expect(await screen.findByRole("alert", undefined, { timeout: 20_000 })).toHaveTextContent(`HTTP ${status}`);
      expect(await screen.findByText(new RegExp(code))).toBeInTheDocument();
    });
  });
});
