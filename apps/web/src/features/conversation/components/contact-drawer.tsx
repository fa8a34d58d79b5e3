import { type Ticket, formatPhoneNumber } from "@conversa/shared";
import Close from "@mui/icons-material/Close";
import Edit from "@mui/icons-material/Edit";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Button from "@mui/material/Button";
import Tooltip from "@mui/material/Tooltip";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { plainText } from "../../../lib/format-text.ts";
import { useContact } from "../api/get-contact.ts";
import { useContactTickets } from "../api/list-contact-tickets.ts";
import { ContactAvatar } from "./contact-avatar.tsx";
import { TicketNotes } from "./ticket-notes.tsx";

type DrawerTab = "details" | "notes";

/** What the page gives to edit a contact (the contacts feature's dialog); closing it reads the contact again. */
export type ContactEditor = (props: { contactId: number; onClose: () => void }) => ReactNode;

interface ContactDrawerProps {
  open: boolean;
  ticket: Ticket;
  onClose: () => void;
  /** Wide screens: a column beside the conversation instead of a drawer over it. */
  inline: boolean;
  /** Edits the contact; without it there is no edit button. */
  renderContactEditor?: ContactEditor;
}

/** The contact's other tickets the user may open (the server applies the visibility rule), each opening its conversation. */
function EarlierTickets({ ticket, open }: { ticket: Ticket; open: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const history = useContactTickets(ticket.contactId, open);
  const others = useMemo(() => (history.data?.pages.flatMap((page) => page.tickets) ?? []).filter((other) => other.id !== ticket.id), [history.data, ticket.id]);
  const titleId = useId();
  return (
    <Stack spacing={1}>
      <Typography id={titleId} variant="subtitle2">
        {t("conversation.contact.history")}
      </Typography>
      {history.isPending ? <CircularProgress size={24} aria-label={t("common.loading")} sx={{ alignSelf: "center" }} /> : null}
      {history.isError ? <Alert severity="error">{t("conversation.contact.historyFailed")}</Alert> : null}
      {history.isSuccess && others.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("conversation.contact.noHistory")}
        </Typography>
      ) : null}
      {others.length > 0 ? (
        <List dense disablePadding aria-labelledby={titleId}>
          {others.map((other) => (
            <ListItem key={other.id} disablePadding>
              <ListItemButton onClick={() => void navigate(`/tickets/${other.uuid}`)} aria-label={t("conversation.contact.openTicket", { id: other.id })} sx={{ px: 1, borderRadius: 1 }}>
                <ListItemText
                  primary={`#${other.id} · ${t(`conversation.status.${other.status}`)} · ${other.queue?.name ?? t("conversation.header.noQueue")}`}
                  secondary={`${formatDate(other.updatedAt, DATE_PATTERNS.dateTime)} — ${plainText(other.lastMessage)}`}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : null}
      {history.hasNextPage ? (
        <Button size="small" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          {t("conversation.contact.moreHistory")}
        </Button>
      ) : null}
    </Stack>
  );
}

function ContactDetails({ ticket, open }: { ticket: Ticket; open: boolean }) {
  const { t } = useTranslation();
  const contact = useContact(ticket.contactId, open);
  const data = contact.data;
  const name = data?.name ?? ticket.contact.name;
  return (
    <Stack spacing={2} sx={{ alignItems: "stretch" }}>
      <Stack spacing={1} sx={{ alignItems: "center", textAlign: "center" }}>
        <ContactAvatar name={name} profilePicUrl={data?.profilePicUrl ?? ticket.contact.profilePicUrl} size={96} />
        <Typography variant="h6" component="p" sx={{ overflowWrap: "anywhere" }}>
          {name}
        </Typography>
      </Stack>
      <List dense disablePadding>
        <ListItem disableGutters>
          <ListItemText primary={t("conversation.contact.number")} secondary={formatPhoneNumber(data?.number ?? ticket.contact.number)} />
        </ListItem>
        <ListItem disableGutters>
          <ListItemText primary={t("conversation.contact.email")} secondary={(data?.email ?? ticket.contact.email) || t("conversation.contact.noEmail")} />
        </ListItem>
      </List>
      <Divider />
      <Typography variant="subtitle2">{t("conversation.contact.extraInfo")}</Typography>
      {contact.isPending ? <CircularProgress size={24} aria-label={t("common.loading")} sx={{ alignSelf: "center" }} /> : null}
      {contact.isError ? <Alert severity="error">{t("conversation.contact.loadFailed")}</Alert> : null}
      {data && data.extraInfo.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("conversation.contact.noExtraInfo")}
        </Typography>
      ) : null}
      {data && data.extraInfo.length > 0 ? (
        <List dense disablePadding aria-label={t("conversation.contact.extraInfo")}>
          {data.extraInfo.map((info, index) => (
            <ListItem key={info.id ?? `${info.name}-${index}`} disableGutters>
              <ListItemText primary={info.name} secondary={info.value} slotProps={{ secondary: { sx: { overflowWrap: "anywhere" } } }} />
            </ListItem>
          ))}
        </List>
      ) : null}
      <Divider />
      <EarlierTickets ticket={ticket} open={open} />
    </Stack>
  );
}

/**
 * The contact's data (edited through the page's contact dialog), the contact's earlier tickets and the
 * ticket notes: a column beside the conversation on wide screens, a drawer over it on narrow ones.
 */
export function ContactDrawer({ open, ticket, onClose, inline, renderContactEditor }: ContactDrawerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DrawerTab>("details");
  const [editing, setEditing] = useState(false);
  const contact = useContact(ticket.contactId, open);
  const titleId = useId();
  const tabsId = useId();
  const content = (
    <>
      <Stack direction="row" sx={{ alignItems: "center", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t("conversation.contact.title")}
        </Typography>
        {renderContactEditor ? (
          <Tooltip title={t("conversation.contact.edit")}>
            <IconButton aria-label={t("conversation.contact.edit")} onClick={() => setEditing(true)}>
              <Edit />
            </IconButton>
          </Tooltip>
        ) : null}
        <IconButton aria-label={t("conversation.contact.close")} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Tabs value={tab} onChange={(_event, value: DrawerTab) => setTab(value)} variant="fullWidth" aria-label={t("conversation.contact.title")}>
        <Tab value="details" label={t("conversation.contact.tabs.details")} id={`${tabsId}-details`} aria-controls={`${tabsId}-details-panel`} />
        <Tab value="notes" label={t("conversation.contact.tabs.notes")} id={`${tabsId}-notes`} aria-controls={`${tabsId}-notes-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`} sx={{ p: 2, overflowY: "auto", flex: 1, minHeight: 0 }}>
        {tab === "details" ? <ContactDetails ticket={ticket} open={open} /> : <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />}
      </Box>
      {editing && renderContactEditor
        ? renderContactEditor({
            contactId: ticket.contactId,
            onClose: () => {
              setEditing(false);
              void contact.refetch();
            },
          })
        : null}
    </>
  );

  if (inline) {
    if (!open) return null;
    return (
      <Box component="aside" aria-labelledby={titleId} sx={{ width: 360, flexShrink: 0, display: "flex", flexDirection: "column", minHeight: 0, borderLeft: 1, borderColor: "divider", bgcolor: "background.paper" }}>
        {content}
      </Box>
    );
  }
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar, which sits over the menu drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 360 } }, "aria-labelledby": titleId } }}
    >
      {content}
    </Drawer>
  );
}
