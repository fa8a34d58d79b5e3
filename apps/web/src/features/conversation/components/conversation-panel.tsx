import { type Message, type SessionUser, type Ticket, TIMINGS } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast, toastError } from "../../../lib/toast.ts";
import { useCurrentUser } from "../api/current-user.ts";
import { useTicket } from "../api/get-ticket.ts";
import { useConversationLiveUpdates } from "../hooks/use-conversation-live-updates.ts";
import { ActivityNotice } from "./activity-notice.tsx";
import { CloudWindowBar, useWindowOpen } from "./cloud-window-bar.tsx";
import { ContactDrawer, type ContactEditor } from "./contact-drawer.tsx";
import { ConversationHeader } from "./conversation-header.tsx";
import { DistributionLogPanel, DistributionLogToggle } from "./distribution-log-panel.tsx";
import { MessageInput } from "./message-input.tsx";
import { MessageList } from "./message-list.tsx";
import { TagPicker } from "./tag-picker.tsx";
import { TemplateDialog } from "./template-dialog.tsx";
import { blockingHolder, canCreateTags } from "../utils/permissions.ts";

export interface ConversationPanelProps {
  /** The uuid of the ticket shown (from the /tickets/:ticketUuid route). */
  ticketUuid: string;
  /** Open the conversation at this message (`?message=` of a search result). */
  focusMessageId?: number;
  /** Called when the panel asks to be closed (narrow screens: back to the list). */
  onClose?: () => void;
  /** The header's "schedule message" action for the ticket's contact; without it the action is shown unavailable. */
  onScheduleMessage?: (contact: Ticket["contact"]) => void;
  /** The contact dialog, composed by the page: the contact drawer's edit button opens it. */
  renderContactEditor?: ContactEditor;
}

/** A refused or missing ticket sends the user back to the list; anything else can be retried here. */
function leavesPanel(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

/**
 * The conversation of one ticket (spec core §2): header with the ticket's actions, tags and
 * distribution history, the messages, the input and the contact drawer with notes. Fills its
 * container (give it a height).
 */
export function ConversationPanel({ ticketUuid, focusMessageId, onClose, onScheduleMessage, renderContactEditor }: ConversationPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticket = useTicket(ticketUuid);
  const user = useCurrentUser();
  const error = ticket.error;

  useEffect(() => {
    if (!leavesPanel(error)) return;
    if (error instanceof ApiError && error.code === "ERR_NO_PERMISSION") showToast(t("conversation.accessDenied"), "error", TIMINGS.errorToastMs);
    else toastError(error);
    void navigate("/tickets", { replace: true });
  }, [error, navigate, t]);

  if (ticket.data) {
    return (
      <Conversation
        key={ticket.data.id}
        ticket={ticket.data}
        user={user}
        focusMessageId={focusMessageId}
        onClose={onClose}
        onScheduleMessage={onScheduleMessage}
        renderContactEditor={renderContactEditor}
      />
    );
  }

  return (
    <Box sx={{ height: "100%", display: "grid", placeItems: "center", p: 2 }}>
      {ticket.isError && !leavesPanel(error) ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void ticket.refetch()}>
              {t("conversation.retry")}
            </Button>
          }
        >
          {t("conversation.loadFailed")}
        </Alert>
      ) : (
        <CircularProgress aria-label={t("conversation.loading")} />
      )}
    </Box>
  );
}

function Conversation({
  ticket,
  user,
  focusMessageId,
  onClose,
  onScheduleMessage,
  renderContactEditor,
}: { ticket: Ticket; user: SessionUser | null } & Pick<ConversationPanelProps, "focusMessageId" | "onClose" | "onScheduleMessage" | "renderContactEditor">) {
  const [quoted, setQuoted] = useState<Message | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [logsOpen, setLogsOpen] = useState(false);
  const logsId = useId();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  // From 1200 px the contact's column fits beside the list and the conversation.
  const contactBeside = useMediaQuery(theme.breakpoints.up("lg"), { noSsr: true });
  const { t } = useTranslation();
  const { notice, dismissNotice } = useConversationLiveUpdates(ticket, user?.id);
  const onReply = useCallback((message: Message) => setQuoted(message), []);
  const cancelQuote = useCallback(() => setQuoted(null), []);
  // A colleague took the ticket (accepted it first, or it was transferred to them): read only.
  const holder = blockingHolder(ticket, user);
  // Official line: free-form messages only within 24 hours of the customer's last message; templates always.
  const cloudWindow = ticket.cloudWindow ?? null;
  const windowOpen = useWindowOpen(cloudWindow);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const canSend = ticket.status === "open" && holder === null;

  return (
    <Box sx={{ height: "100%", minHeight: 0, display: "flex" }}>
      <Box component="section" aria-label={ticket.contact.name} sx={{ flex: 1, minWidth: 0, minHeight: 0, display: "flex", flexDirection: "column", bgcolor: "background.paper" }}>
        <ConversationHeader ticket={ticket} user={user} onOpenContact={() => setContactOpen(true)} onClose={onClose} onScheduleMessage={onScheduleMessage} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", px: 1.5, py: 1, borderBottom: 1, borderColor: "divider" }}>
          <TagPicker ticket={ticket} canCreate={canCreateTags(user)} />
          <DistributionLogToggle open={logsOpen} regionId={logsId} compact={compact} onToggle={() => setLogsOpen((open) => !open)} />
        </Stack>
        <DistributionLogPanel ticketId={ticket.id} open={logsOpen} regionId={logsId} />
        {ticket.botSummary ? (
          <Alert severity="info" icon={false} role="note" aria-label={t("prompts.summary")} sx={{ borderRadius: 0, py: 0.5 }} data-testid="bot-summary">
            <Box component="strong" sx={{ display: "block", fontSize: "0.75rem" }}>
              {t("prompts.summary")}
            </Box>
            <Box component="span" sx={{ whiteSpace: "pre-line" }}>
              {ticket.botSummary}
            </Box>
          </Alert>
        ) : null}
        <MessageList ticket={ticket} user={user} focusMessageId={focusMessageId} onReply={onReply} />
        {notice ? <ActivityNotice activity={notice} onClose={dismissNotice} /> : null}
        {holder ? (
          <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
            {t("conversation.heldBy", { user: holder.name })}
          </Alert>
        ) : null}
        {cloudWindow ? <CloudWindowBar window={cloudWindow} open={windowOpen} canSend={canSend} onTemplates={() => setTemplatesOpen(true)} /> : null}
        <MessageInput
          ticketId={ticket.id}
          status={ticket.status}
          heldBy={holder ? holder.name : null}
          freeFormClosed={cloudWindow !== null && !windowOpen}
          quoted={quoted}
          onCancelQuote={cancelQuote}
        />
        {templatesOpen ? <TemplateDialog ticket={ticket} onClose={() => setTemplatesOpen(false)} /> : null}
      </Box>
      <ContactDrawer open={contactOpen} ticket={ticket} onClose={() => setContactOpen(false)} inline={contactBeside} renderContactEditor={renderContactEditor} />
    </Box>
  );
}
