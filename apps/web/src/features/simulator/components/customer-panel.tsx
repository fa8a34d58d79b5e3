import { type SimulatorChat, ZSimulatorGroupId, ZSimulatorPhone } from "@conversa/shared";
import Groups from "@mui/icons-material/Groups";
import Person from "@mui/icons-material/Person";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useSimulatorChats } from "../api/list-simulator-chats.ts";
import { type SimulatedCustomer, chatNumberOf } from "../utils/customer.ts";

interface CustomerPanelProps {
  connectionId: number;
  customer: SimulatedCustomer;
  onChange(customer: SimulatedCustomer): void;
}

function digits(value: string): string {
  return value.replace(/\D/g, "");
}

function lastMessagePreview(chat: SimulatorChat): string {
  const { lastMessage } = chat;
  return lastMessage.body || lastMessage.media?.filename || lastMessage.kind;
}

/** Who the person at the simulator plays (number, name, optionally a group), and the conversations so far. */
export function CustomerPanel({ connectionId, customer, onChange }: CustomerPanelProps) {
  const { t } = useTranslation();
  const chats = useSimulatorChats(connectionId);
  const current = chatNumberOf(customer);
  const isNumberValid = ZSimulatorPhone.safeParse(customer.number).success;
  const isGroupValid = customer.group === null || ZSimulatorGroupId.safeParse(customer.group.id).success;

  const pickChat = (chat: SimulatorChat) => {
    if (chat.isGroup) onChange({ ...customer, group: { id: chat.number, name: chat.name ?? "" } });
    else onChange({ number: chat.number, name: chat.name ?? "", group: null });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="simulator-customer-title" sx={{ p: 2 }}>
      <Typography id="simulator-customer-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t("simulator.customer")}
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          size="small"
          label={t("simulator.customerNumber")}
          value={customer.number}
          onChange={(event) => onChange({ ...customer, number: digits(event.target.value) })}
          error={customer.number !== "" && !isNumberValid}
          helperText={t("simulator.numberHint")}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 15 } }}
        />
        <TextField
          size="small"
          label={t("simulator.customerName")}
          value={customer.name}
          onChange={(event) => onChange({ ...customer, name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FormControlLabel
          control={<Checkbox checked={customer.group !== null} onChange={(event) => onChange({ ...customer, group: event.target.checked ? { id: "", name: "" } : null })} />}
          label={t("simulator.inGroup")}
        />
        {customer.group ? (
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label={t("simulator.groupId")}
              value={customer.group.id}
              onChange={(event) => onChange({ ...customer, group: { id: event.target.value.replace(/[^\d-]/g, ""), name: customer.group?.name ?? "" } })}
              error={customer.group.id !== "" && !isGroupValid}
              helperText={t("simulator.groupIdHint")}
              slotProps={{ htmlInput: { maxLength: 51 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              label={t("simulator.groupName")}
              value={customer.group.name}
              onChange={(event) => onChange({ ...customer, group: { id: customer.group?.id ?? "", name: event.target.value } })}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
        ) : null}
      </Stack>

      <Typography id="simulator-chats-title" variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t("simulator.chats")}
      </Typography>
      {chats.data && chats.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("simulator.noChats")}
        </Typography>
      ) : null}
      <List dense aria-labelledby="simulator-chats-title" sx={{ maxHeight: 320, overflowY: "auto" }}>
        {(chats.data ?? []).map((chat) => (
          <ListItemButton key={chat.number} selected={chat.number === current} onClick={() => pickChat(chat)}>
            <ListItemIcon sx={{ minWidth: 36 }}>{chat.isGroup ? <Groups fontSize="small" /> : <Person fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={chat.name ? `${chat.name} (${chat.number})` : chat.number}
              secondary={lastMessagePreview(chat)}
              slotProps={{ secondary: { noWrap: true } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
