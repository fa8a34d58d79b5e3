import type { Message } from "@conversa/shared";
import AccessTime from "@mui/icons-material/AccessTime";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import ErrorOutline from "@mui/icons-material/ErrorOutlined";
import { useTheme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { messageStatusIcon } from "../utils/ack.ts";
import { chatColors } from "../../../components/chat-colors.ts";

/** The clock / tick / double tick / blue double tick of an outgoing message (spec core §4), or the failure mark. */
export function MessageStatusIcon({ message }: { message: Pick<Message, "ack" | "sendStatus"> }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = chatColors(theme);
  const icon = messageStatusIcon(message);
  const label = t(`conversation.messages.status.${icon}`);
  const common = { fontSize: "inherit" as const, titleAccess: label, "data-ack-icon": icon };
  switch (icon) {
    case "clock":
      return <AccessTime {...common} sx={{ color: colors.meta }} />;
    case "single":
      return <Done {...common} sx={{ color: colors.meta }} />;
    case "double":
      return <DoneAll {...common} sx={{ color: colors.meta }} />;
    case "doubleBlue":
      return <DoneAll {...common} sx={{ color: colors.read }} />;
    case "failed":
      return <ErrorOutline {...common} sx={{ color: "error.main" }} />;
  }
}
