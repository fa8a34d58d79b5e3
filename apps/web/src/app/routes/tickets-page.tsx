import { type Message, type SessionUser, type Ticket, planAllows } from "@conversa/shared";
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { BrandMark } from "../../components/brand-mark.tsx";
import { FILL_BELOW_TOOLBAR, VISUALLY_HIDDEN } from "../../components/page-fill.ts";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { useCompanyPlan } from "../../features/company/api/company-plan.ts";
import { TicketsManager, useTicketAccessGuard } from "../../features/tickets/index.ts";

// The conversation loads on its own: the list shows while it comes.
const ConversationPanel = lazy(() => import("../../features/conversation/index.ts").then((module) => ({ default: module.ConversationPanel })));
// A message's media and formatting in the list's peek dialog, with the conversation's code.
const MessageContent = lazy(() => import("../../features/conversation/index.ts").then((module) => ({ default: module.MessageContent })));
// The contact dialog of the contacts page, opened from the conversation's contact drawer.
const ContactDialog = lazy(() => import("../../features/contacts/index.ts").then((module) => ({ default: module.ContactDialog })));
// The schedule dialog loads the first time the conversation's "schedule message" action is used.
const ScheduleDialog = lazy(() => import("../../features/schedules/index.ts").then((module) => ({ default: module.ScheduleDialog })));

/** Width of the list column on wide screens. */
const LIST_WIDTH = 420;

type NarrowTab = "ticket" | "list";

function renderContactEditor({ contactId, onClose }: { contactId: number; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <ContactDialog open contactId={contactId} onClose={onClose} />
    </Suspense>
  );
}

function renderMessageContent(message: Message) {
  return (
    <Suspense fallback={null}>
      <MessageContent message={message} />
    </Suspense>
  );
}

function ConversationPlaceholder() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 2, p: 3, color: "text.secondary", textAlign: "center" }}>
      <BrandMark size={96} />
      <Typography variant="h6" component="p">
        {t("tickets.placeholder")}
      </Typography>
    </Box>
  );
}

function TicketsView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const { ticketUuid } = useParams();
  // A search result opens the conversation at its matching message (`?message=`).
  const [searchParams] = useSearchParams();
  const messageParam = searchParams.get("message") ?? "";
  const focusMessageId = /^\d{1,10}$/.test(messageParam) ? Number(messageParam) : undefined;
  const isTwoTabs = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(ticketUuid ? "ticket" : "list");
  const [shownUuid, setShownUuid] = useState(ticketUuid);
  const [scheduleContact, setScheduleContact] = useState<Ticket["contact"] | null>(null);
  const plan = useCompanyPlan(user.companyId);
  const canSchedule = plan.data !== undefined && planAllows(plan.data.plan, "useSchedules");
  useTicketAccessGuard(ticketUuid);

  // Another ticket opened (list, notification, link): narrow screens show it.
  if (shownUuid !== ticketUuid) {
    setShownUuid(ticketUuid);
    setNarrowTab(ticketUuid ? "ticket" : "list");
  }

  const showTicket = useCallback(() => setNarrowTab("ticket"), []);
  const closeTicket = useCallback(() => void navigate("/tickets"), [navigate]);

  const conversation = ticketUuid ? (
    <Suspense fallback={<PageLoader />}>
      <ConversationPanel key={ticketUuid} ticketUuid={ticketUuid} focusMessageId={focusMessageId} onClose={closeTicket} onScheduleMessage={canSchedule ? setScheduleContact : undefined} renderContactEditor={renderContactEditor} />
    </Suspense>
  ) : (
    <ConversationPlaceholder />
  );
  const scheduleDialog =
    scheduleContact !== null ? (
      <Suspense fallback={null}>
        <ScheduleDialog open contact={scheduleContact} onClose={() => setScheduleContact(null)} />
      </Suspense>
    ) : null;
  const manager = <TicketsManager user={user} selectedUuid={ticketUuid} onTicketOpen={showTicket} renderMessageContent={renderMessageContent} />;

  if (isTwoTabs) {
    return (
      <Box sx={{ ...FILL_BELOW_TOOLBAR, display: "flex", flexDirection: "column", minHeight: 0 }}>
        <Typography component="h1" sx={VISUALLY_HIDDEN}>
          {t("menu.tickets")}
        </Typography>
        <Tabs
          value={narrowTab}
          onChange={(_event, next: NarrowTab) => setNarrowTab(next)}
          variant="fullWidth"
          aria-label={t("tickets.narrowTabs.label")}
          sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
        >
          <Tab value="ticket" label={t("tickets.narrowTabs.ticket")} id="tickets-narrow-ticket" aria-controls="tickets-narrow-ticket-panel" />
          <Tab value="list" label={t("tickets.narrowTabs.list")} id="tickets-narrow-list" aria-controls="tickets-narrow-list-panel" />
        </Tabs>
        <Box
          id="tickets-narrow-ticket-panel"
          role="tabpanel"
          aria-labelledby="tickets-narrow-ticket"
          hidden={narrowTab !== "ticket"}
          sx={{ flex: 1, minHeight: 0, display: narrowTab === "ticket" ? "flex" : "none", flexDirection: "column" }}
        >
          {conversation}
        </Box>
        <Box
          id="tickets-narrow-list-panel"
          role="tabpanel"
          aria-labelledby="tickets-narrow-list"
          hidden={narrowTab !== "list"}
          sx={{ flex: 1, minHeight: 0, display: narrowTab === "list" ? "flex" : "none", flexDirection: "column" }}
        >
          {manager}
        </Box>
        {scheduleDialog}
      </Box>
    );
  }

  return (
    <Box sx={{ ...FILL_BELOW_TOOLBAR, display: "flex", minHeight: 0 }}>
      <Typography component="h1" sx={VISUALLY_HIDDEN}>
        {t("menu.tickets")}
      </Typography>
      <Box component="section" aria-label={t("tickets.narrowTabs.list")} sx={{ width: LIST_WIDTH, flexShrink: 0, display: "flex", flexDirection: "column", minHeight: 0 }}>
        {manager}
      </Box>
      <Box component="section" aria-label={t("tickets.narrowTabs.ticket")} sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", minHeight: 0 }}>
        {conversation}
      </Box>
      {scheduleDialog}
    </Box>
  );
}

/** /tickets and /tickets/:ticketUuid: the list of tickets beside the conversation (two tabs on narrow screens). */
export default function TicketsPage() {
  const { user } = useAuth();
  if (!user) return <PageLoader />;
  return <TicketsView user={user} />;
}
