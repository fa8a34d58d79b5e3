import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../../components/page-loader.tsx";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { useChat } from "../api/get-chat.ts";
import { useMarkChatRead } from "../api/mark-chat-read.ts";
import { ZChatEvent } from "../hooks/use-chats-live-updates.ts";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatMessages } from "./chat-messages.tsx";

interface ChatPaneProps {
  /** The chat of the page's address. */
  uuid: string;
  userId: number;
  /** The chat cannot be shown: it does not exist, was deleted, or the user was removed from it. */
  onGone: () => void;
}

/**
 * One chat: its title and members, its messages and the composer. Opening it clears the user's unread
 * count (spec admin §4), and so does every message that arrives while it is on screen.
 */
export function ChatPane({ uuid, userId, onGone }: ChatPaneProps) {
  const { t } = useTranslation();
  const chat = useChat(uuid);
  const markRead = useMarkChatRead(userId);
  const chatId = chat.data?.id;
  const readOnce = useRef<number | null>(null);
  const { mutate: markAsRead } = markRead;

  useEffect(() => {
    if (chatId === undefined || readOnce.current === chatId) return;
    readOnce.current = chatId;
    markAsRead(chatId);
  }, [chatId, markAsRead]);

  useEffect(() => {
    if (chat.isError) onGone();
  }, [chat.isError, onGone]);

  useCompanyEvent("chat", (payload) => {
    const event = ZChatEvent.safeParse(payload);
    if (!event.success || chatId === undefined) return;
    const data = event.data;
    if (data.action === "delete" && data.id === chatId) onGone();
    else if (data.action === "new-message" && data.chat.id === chatId && data.newMessage.senderId !== userId && document.visibilityState === "visible") markAsRead(chatId);
  });

  if (!chat.data) return <PageLoader />;
  const current = chat.data;
  const names = current.users.map((member) => member.user.name).join(", ");
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
            {current.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {t("chats.members", { names })}
          </Typography>
        </Box>
      </Box>
      <ChatMessages chat={current} userId={userId} />
      <ChatComposer chatId={current.id} />
    </Box>
  );
}
