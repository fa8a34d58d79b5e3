import type { Chat, SessionUser } from "@conversa/shared";
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { BrandMark } from "../../components/brand-mark.tsx";
import { FILL_BELOW_TOOLBAR, VISUALLY_HIDDEN } from "../../components/page-fill.ts";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { ChatList, ChatPane, useChatsLiveUpdates } from "../../features/chats/index.ts";

/** Width of the list column on wide screens. */
const LIST_WIDTH = 380;

type NarrowTab = "chats" | "messages";

function ChatPlaceholder() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 2, p: 3, color: "text.secondary", textAlign: "center" }}>
      <BrandMark size={96} />
      <Typography variant="h6" component="p">
        {t("chats.placeholder")}
      </Typography>
    </Box>
  );
}

function ChatsView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const { chatUuid } = useParams();
  const isTwoTabs = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(chatUuid ? "messages" : "chats");
  const [shownUuid, setShownUuid] = useState(chatUuid);
  useChatsLiveUpdates(user.id);

  // Another chat opened (list, popover, link): narrow screens show its messages.
  if (shownUuid !== chatUuid) {
    setShownUuid(chatUuid);
    setNarrowTab(chatUuid ? "messages" : "chats");
  }

  const openChat = useCallback((chat: Chat) => void navigate(`/chats/${chat.uuid}`), [navigate]);
  const leaveChat = useCallback(() => void navigate("/chats", { replace: true }), [navigate]);
  const onDeleted = useCallback((chat: Chat) => {
    if (chat.uuid === chatUuid) leaveChat();
  }, [chatUuid, leaveChat]);

  const list = <ChatList userId={user.id} selectedUuid={chatUuid} onOpen={openChat} onDeleted={onDeleted} />;
  const pane = chatUuid ? <ChatPane key={chatUuid} uuid={chatUuid} userId={user.id} onGone={leaveChat} /> : <ChatPlaceholder />;

  if (isTwoTabs) {
    return (
      <Box sx={{ ...FILL_BELOW_TOOLBAR, display: "flex", flexDirection: "column", minHeight: 0 }}>
        <Typography component="h1" sx={VISUALLY_HIDDEN}>
          {t("chats.heading")}
        </Typography>
        <Tabs
          value={narrowTab}
          onChange={(_event, next: NarrowTab) => setNarrowTab(next)}
          variant="fullWidth"
          aria-label={t("chats.narrowTabs.label")}
          sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
        >
          <Tab value="chats" label={t("chats.narrowTabs.chats")} id="chats-narrow-chats" aria-controls="chats-narrow-chats-panel" />
          <Tab value="messages" label={t("chats.narrowTabs.messages")} id="chats-narrow-messages" aria-controls="chats-narrow-messages-panel" />
        </Tabs>
        <Box
          id="chats-narrow-chats-panel"
          role="tabpanel"
          aria-labelledby="chats-narrow-chats"
          hidden={narrowTab !== "chats"}
          sx={{ flex: 1, minHeight: 0, display: narrowTab === "chats" ? "flex" : "none", flexDirection: "column" }}
        >
          {list}
        </Box>
        <Box
          id="chats-narrow-messages-panel"
          role="tabpanel"
          aria-labelledby="chats-narrow-messages"
          hidden={narrowTab !== "messages"}
          sx={{ flex: 1, minHeight: 0, display: narrowTab === "messages" ? "flex" : "none", flexDirection: "column" }}
        >
          {pane}
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ ...FILL_BELOW_TOOLBAR, display: "flex", minHeight: 0 }}>
      <Typography component="h1" sx={VISUALLY_HIDDEN}>
        {t("chats.heading")}
      </Typography>
      <Box component="section" aria-label={t("chats.narrowTabs.chats")} sx={{ width: LIST_WIDTH, flexShrink: 0, display: "flex", flexDirection: "column", minHeight: 0 }}>
        {list}
      </Box>
      <Box component="section" aria-label={t("chats.narrowTabs.messages")} sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", minHeight: 0 }}>
        {pane}
      </Box>
    </Box>
  );
}

/** /chats and /chats/:chatUuid: the user's internal chats beside the open one (tabs Chats and Mensagens on narrow screens). */
export default function ChatsPage() {
  const { user } = useAuth();
  if (!user) return <PageLoader />;
  return <ChatsView user={user} />;
}
