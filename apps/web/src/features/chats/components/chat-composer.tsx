import { CHAT_MESSAGE_MAX } from "@conversa/shared";
import Send from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showFormError, stateFormFields } from "../../../lib/form-errors.ts";
import { useSendChatMessage } from "../api/send-chat-message.ts";

/**
 * Writes in a chat: Enter sends, Shift+Enter breaks the line; a blank message is not sent. A refused message
 * is said (the catalogue's toast, a refused field under the box) and its text stays, so that it can be sent
 * again (docs/architecture.md, Decisions: no chat failure is silent).
 */
export function ChatComposer({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useSendChatMessage();
  const message = text.trim();

  const submit = () => {
    if (!message || send.isPending) return;
    setRefusal(null);
    send.mutate(
      { chatId, message },
      {
        onSuccess: () => setText(""),
        onError: (error) => showFormError(error, stateFormFields(["message"], (_field, text) => setRefusal(text))),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: "flex", alignItems: "flex-end", gap: 1, p: 1.5, borderTop: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      <TextField
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setRefusal(null);
        }}
        error={refusal !== null}
        helperText={refusal ?? undefined}
        onKeyDown={onKeyDown}
        placeholder={t("chats.composer.placeholder")}
        multiline
        maxRows={5}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { "aria-label": t("chats.composer.label"), maxLength: CHAT_MESSAGE_MAX } }}
      />
      <Tooltip title={t("chats.composer.send")}>
        <span>
          <IconButton type="submit" color="primary" aria-label={t("chats.composer.send")} disabled={!message || send.isPending}>
            <Send />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
