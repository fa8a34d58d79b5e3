import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RouteError } from "../components/route-error.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import type { PlanFlag } from "@conversa/shared";
import { RedirectIfAuthenticated, RequireAuth, RequireCampaignsFlag } from "./layout/guards.tsx";
import { PlanGate } from "./layout/plan-gate.tsx";
import { SessionRoot } from "./layout/session-root.tsx";

const LoginPage = lazy(() => import("./routes/login-page.tsx"));
const SignupPage = lazy(() => import("./routes/signup-page.tsx"));
const ForgetPasswordPage = lazy(() => import("./routes/forget-password-page.tsx"));
const DashboardPage = lazy(() => import("./routes/dashboard-page.tsx"));
const TicketsPage = lazy(() => import("./routes/tickets-page.tsx"));
const ChatsPage = lazy(() => import("./routes/chats-page.tsx"));
const KanbanPage = lazy(() => import("./routes/kanban-page.tsx"));
const QuickMessagesPage = lazy(() => import("./routes/quick-messages-page.tsx"));
const TodolistPage = lazy(() => import("./routes/todolist-page.tsx"));
const ContactsPage = lazy(() => import("./routes/contacts-page.tsx"));
const SchedulesPage = lazy(() => import("./routes/schedules-page.tsx"));
const TagsPage = lazy(() => import("./routes/tags-page.tsx"));
const HelpsPage = lazy(() => import("./routes/helps-page.tsx"));
const ConnectionsPage = lazy(() => import("./routes/connections-page.tsx"));
const UsersPage = lazy(() => import("./routes/users-page.tsx"));
const FilesPage = lazy(() => import("./routes/files-page.tsx"));
const QueuesPage = lazy(() => import("./routes/queues-page.tsx"));
const AnnouncementsPage = lazy(() => import("./routes/announcements-page.tsx"));
const PromptsPage = lazy(() => import("./routes/prompts-page.tsx"));
const QueueIntegrationPage = lazy(() => import("./routes/queue-integration-page.tsx"));
const MessagesApiPage = lazy(() => import("./routes/messages-api-page.tsx"));
const ApiReferencePage = lazy(() => import("./routes/api-reference-page.tsx"));
const FinancialPage = lazy(() => import("./routes/financial-page.tsx"));
const SettingsPage = lazy(() => import("./routes/settings-page.tsx"));
const SubscriptionPage = lazy(() => import("./routes/subscription-page.tsx"));
const ContactListsPage = lazy(() => import("./routes/contact-lists-page.tsx"));
const ContactListContactsPage = lazy(() => import("./routes/contact-list-contacts-page.tsx"));
const CampaignsPage = lazy(() => import("./routes/campaigns-page.tsx"));
const CampaignReportPage = lazy(() => import("./routes/campaign-report-page.tsx"));
const CampaignsConfigPage = lazy(() => import("./routes/campaigns-config-page.tsx"));
const AuditPage = lazy(() => import("./routes/audit-page.tsx"));
const NotFoundPage = lazy(() => import("./routes/not-found-page.tsx"));
const SimulatorPage = lazy(() => import("./routes/simulator-page.tsx"));

const campaignRoutes: RouteObject[] = [
  { path: "contact-lists", element: <ContactListsPage /> },
  { path: "contact-lists/:contactListId/contacts", element: <ContactListContactsPage /> },
  { path: "campaigns", element: <CampaignsPage /> },
  { path: "campaign/:campaignId/report", element: <CampaignReportPage /> },
  { path: "campaigns-config", element: <CampaignsConfigPage /> },
];

/** Routes of a feature the plan may switch off (spec admin §6), behind the plan gate. */
const gated = (flag: PlanFlag, children: RouteObject[]): RouteObject => ({ element: <PlanGate flag={flag} />, children });

/**
 * Every route of spec core §2, pages loaded on demand. The campaign routes exist only with the local
 * cshow flag, read when they are visited (it is set at login).
 */
export function createRouteTable(): RouteObject[] {
  return [
    {
      element: <SessionRoot />,
      errorElement: <RouteError />,
      children: [
        { path: "login", element: <LoginPage /> },
        { path: "signup", element: <SignupPage /> },
        { element: <RedirectIfAuthenticated />, children: [{ path: "forgetpsw", element: <ForgetPasswordPage /> }] },
        {
          element: <RequireAuth />,
          children: [
            // The WhatsApp simulator: a private page of its own, outside the app shell.
            { path: "simulator", errorElement: <RouteError />, element: <SimulatorPage /> },
            {
              element: <AppLayout />,
              errorElement: <RouteError />,
              children: [
                { index: true, element: <DashboardPage /> },
                { path: "tickets/:ticketUuid?", element: <TicketsPage /> },
                gated("useInternalChat", [{ path: "chats/:chatUuid?", element: <ChatsPage /> }]),
                gated("useKanban", [{ path: "kanban", element: <KanbanPage /> }]),
                { path: "quick-messages", element: <QuickMessagesPage /> },
                { path: "todolist", element: <TodolistPage /> },
                { path: "contacts", element: <ContactsPage /> },
                { path: "schedules", element: <SchedulesPage /> },
                { path: "tags", element: <TagsPage /> },
                { path: "helps", element: <HelpsPage /> },
                { path: "connections", element: <ConnectionsPage /> },
                { path: "users", element: <UsersPage /> },
                { path: "files", element: <FilesPage /> },
                { path: "queues", element: <QueuesPage /> },
                { path: "announcements", element: <AnnouncementsPage /> },
                gated("useOpenAi", [{ path: "prompts", element: <PromptsPage /> }]),
                gated("useIntegrations", [{ path: "queue-integration", element: <QueueIntegrationPage /> }]),
                gated("useExternalApi", [{ path: "messages-api", element: <MessagesApiPage /> }]),
                { path: "api-docs", element: <ApiReferencePage /> },
                { path: "financeiro", element: <FinancialPage /> },
                { path: "settings", element: <SettingsPage /> },
                { path: "subscription", element: <SubscriptionPage /> },
                { path: "audit", element: <AuditPage /> },
                { element: <RequireCampaignsFlag notFound={<NotFoundPage />} />, children: [gated("useCampaigns", campaignRoutes)] },
                { path: "*", element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
