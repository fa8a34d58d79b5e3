import MarkChatRead from "@mui/icons-material/MarkChatRead";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useChatMessages } from "../api/list-chat-messages.ts";
import { useMarkChatRead } from "../api/mark-chat-read.ts";
import { MessageBubble } from "./message-bubble.tsx";

interface ChatThreadProps {
  connectionId: number;
  chatNumber: string;
  title: string;
}

/** The conversation, both directions, refreshed every second; the customer can mark the company's messages read. */
export function ChatThread({ connectionId, chatNumber, title }: ChatThreadProps) {
  const { t } = useTranslation();
  const messages = useChatMessages(connectionId, chatNumber);
  const markRead = useMarkChatRead(connectionId);
  const endRef = useRef<HTMLDivElement>(null);
  const list = messages.data?.messages ?? [];
  const newest = list.at(-1)?.id;

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [newest]);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: 0, flex: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography id="simulator-thread-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} noWrap>
          {t("simulator.thread", { name: title })}
        </Typography>
        <Button size="small" startIcon={<MarkChatRead />} loading={markRead.isPending} onClick={() => markRead.mutate(chatNumber)}>
          {t("simulator.markRead")}
        </Button>
      </Stack>
      <Box sx={{ flex: 1, overflowY: "auto", p: 2, bgcolor: "action.hover" }}>
        {messages.isSuccess && list.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: "center", mt: 4 }}>
            {t("simulator.noMessages")}
          </Typography>
        ) : null}
        <Stack component="ul" aria-labelledby="simulator-thread-title" spacing={1} sx={{ m: 0, p: 0 }}>
          {list.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </Stack>
        <div ref={endRef} />
      </Box>
    </Box>
  );
}
