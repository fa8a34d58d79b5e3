import type { Ticket } from "@conversa/shared";
import Close from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useContact } from "../api/get-contact.ts";
import { ContactAvatar } from "./contact-avatar.tsx";
import { TicketNotes } from "./ticket-notes.tsx";

type DrawerTab = "details" | "notes";

interface ContactDrawerProps {
  open: boolean;
  ticket: Ticket;
  onClose: () => void;
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
          <ListItemText primary={t("conversation.contact.number")} secondary={data?.number ?? ticket.contact.number} />
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
    </Stack>
  );
}

/** The contact's data (read-only here) and the ticket notes, in a side drawer. */
export function ContactDrawer({ open, ticket, onClose }: ContactDrawerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DrawerTab>("details");
  const titleId = useId();
  const tabsId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar, which sits over the menu drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 360 } }, "aria-labelledby": titleId } }}
    >
      <Stack direction="row" sx={{ alignItems: "center", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t("conversation.contact.title")}
        </Typography>
        <IconButton aria-label={t("conversation.contact.close")} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Tabs value={tab} onChange={(_event, value: DrawerTab) => setTab(value)} variant="fullWidth" aria-label={t("conversation.contact.title")}>
        <Tab value="details" label={t("conversation.contact.tabs.details")} id={`${tabsId}-details`} aria-controls={`${tabsId}-details-panel`} />
        <Tab value="notes" label={t("conversation.contact.tabs.notes")} id={`${tabsId}-notes`} aria-controls={`${tabsId}-notes-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`} sx={{ p: 2, overflowY: "auto", flex: 1 }}>
        {tab === "details" ? <ContactDetails ticket={ticket} open={open} /> : <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />}
      </Box>
    </Drawer>
  );
}
