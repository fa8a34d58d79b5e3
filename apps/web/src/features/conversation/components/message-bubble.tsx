import { type Message, formatPhoneNumber } from "@conversa/shared";
import Block from "@mui/icons-material/Block";
import Close from "@mui/icons-material/Close";
import ExpandMore from "@mui/icons-material/ExpandMore";
import Replay from "@mui/icons-material/Replay";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { alpha, useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { plainText } from "../../../lib/format-text.ts";
import { messageKindOf } from "../utils/message-content.ts";
import { chatColors } from "../../../components/chat-colors.ts";
import { MessageContent } from "./message-content.tsx";
import { MessageStatusIcon } from "./message-status-icon.tsx";

interface MessageBubbleProps {
  message: Message;
  /** The conversation is a group: inbound messages show who wrote them. */
  isGroup: boolean;
  /** The user may delete this message (own message, or an admin). */
  canDelete: boolean;
  /** Retrying is running for this message. */
  retrying: boolean;
  /** The message the conversation was opened at (a search result): marked for a few seconds. */
  isHighlighted?: boolean;
  onReply: (message: Message) => void;
  onDelete: (message: Message) => void;
  onRetry: (message: Message) => void;
}

function QuotedPreview({ quoted }: { quoted: NonNullable<Message["quotedMsg"]> }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = chatColors(theme);
  const author = quoted.fromMe ? t("conversation.messages.you") : (quoted.contact?.name ?? "");
  const text = plainText(quoted.body) || t(`conversation.messages.kinds.${messageKindOf(quoted.mediaType)}`);
  return (
    <Box
      data-testid="quoted-message"
      sx={{ bgcolor: colors.quote, borderLeft: 4, borderColor: quoted.fromMe ? "success.main" : "info.main", borderRadius: 1, px: 1, py: 0.5, mb: 0.5 }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, display: "block", color: quoted.fromMe ? "success.main" : "info.main" }}>
        {author}
      </Typography>
      <Typography
        variant="body2"
        sx={{ color: colors.meta, display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden", whiteSpace: "pre-wrap", fontStyle: quoted.isDeleted ? "italic" : undefined }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** Who wrote a group message: the name they gave WhatsApp, with their number beside it; the number alone without a name. */
function GroupSender({ name, number }: { name: string | null; number: string }) {
  const theme = useTheme();
  const formatted = formatPhoneNumber(number);
  return (
    <Typography variant="caption" data-testid="group-sender" sx={{ display: "block", overflowWrap: "anywhere" }}>
      <Box component="span" sx={{ fontWeight: 600, color: "info.main" }}>
        {name ?? formatted}
      </Box>
      {name ? (
        <Box component="span" sx={{ color: chatColors(theme).meta, ml: 0.75 }}>
          {formatted}
        </Box>
      ) : null}
    </Typography>
  );
}

/** One message: bubble on the right for the company, on the left for the contact, with its actions menu. */
export const MessageBubble = memo(function MessageBubble({ message, isGroup, canDelete, retrying, isHighlighted = false, onReply, onDelete, onRetry }: MessageBubbleProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = chatColors(theme);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const failed = message.fromMe && message.sendStatus === "failed";
  // A pending send whose last try failed: the server retries it until sendRetryUntil, then marks it failed.
  const retryingUntil = message.fromMe && message.sendStatus === "pending" && !message.isDeleted ? message.sendRetryUntil : null;
  const showSender = isGroup && !message.fromMe && Boolean(message.participant);
  const menuOpen = menuAnchor !== null;

  const close = () => setMenuAnchor(null);

  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: message.fromMe ? "flex-end" : "flex-start",
        px: { xs: 1, sm: 2 },
        py: 0.25,
        transition: "background-color 0.6s",
        bgcolor: isHighlighted ? alpha(theme.palette.warning.main, 0.3) : "transparent",
      }}
      data-message-id={message.id}
      data-highlighted={isHighlighted || undefined}
    >
      <Box
        component="article"
        aria-label={message.fromMe ? t("conversation.messages.sent") : t("conversation.messages.received")}
        sx={{
          position: "relative",
          maxWidth: { xs: "88%", md: "70%" },
          minWidth: 96,
          bgcolor: message.fromMe ? colors.mine : colors.theirs,
          color: colors.text,
          borderRadius: 2,
          borderTopRightRadius: message.fromMe ? 0 : undefined,
          borderTopLeftRadius: message.fromMe ? undefined : 0,
          px: 1,
          pt: 0.5,
          pb: 0.25,
          pr: 4,
          boxShadow: "0 1px 0.5px rgba(0,0,0,0.13)",
          outline: failed ? `1px solid ${theme.palette.error.main}` : undefined,
          "& .message-actions": { opacity: menuOpen ? 1 : 0.35 },
          "&:hover .message-actions, & .message-actions:focus-visible": { opacity: 1 },
        }}
      >
        <IconButton
          className="message-actions"
          size="small"
          aria-label={t("conversation.messages.options")}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          sx={{ position: "absolute", top: 0, right: 0, color: colors.meta }}
        >
          <ExpandMore fontSize="small" />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={menuOpen} onClose={close}>
          <MenuItem
            onClick={() => {
              close();
              onReply(message);
            }}
            disabled={message.isDeleted}
          >
            {t("conversation.messages.reply")}
          </MenuItem>
          {failed ? (
            <MenuItem
              onClick={() => {
                close();
                onRetry(message);
              }}
            >
              {t("conversation.messages.retry")}
            </MenuItem>
          ) : null}
          {canDelete && !message.isDeleted ? (
            <MenuItem
              onClick={() => {
                close();
                onDelete(message);
              }}
              sx={{ color: "error.main" }}
            >
              {t("conversation.messages.delete")}
            </MenuItem>
          ) : null}
        </Menu>

        {showSender ? <GroupSender name={message.participantName} number={message.participant ?? ""} /> : null}
        {message.quotedMsg ? <QuotedPreview quoted={message.quotedMsg} /> : null}
        {message.isDeleted ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", color: colors.meta }}>
            <Block sx={{ fontSize: 16 }} />
            <Typography variant="body2" sx={{ fontStyle: "italic" }}>
              {t("conversation.messages.deleted")}
            </Typography>
          </Stack>
        ) : null}
        <Box sx={message.isDeleted ? { opacity: 0.6, textDecoration: "line-through" } : undefined} data-deleted={message.isDeleted || undefined}>
          <MessageContent message={message} />
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end", alignItems: "center", color: colors.meta, mr: -3, mt: 0.25, fontSize: 15 }}>
          <Typography variant="caption" component="time" dateTime={message.createdAt} title={formatDate(message.createdAt, DATE_PATTERNS.dateTime)} sx={{ color: "inherit", fontSize: 11 }}>
            {formatDate(message.createdAt, "HH:mm")}
          </Typography>
          {message.fromMe ? <MessageStatusIcon message={message} /> : null}
        </Stack>
        {retryingUntil ? (
          <Box role="status" sx={{ mr: -3, mt: 0.25, color: "warning.main", textAlign: "right" }}>
            <Typography variant="caption" sx={{ color: "inherit", display: "block" }}>
              {t("conversation.messages.retrying", { time: formatDate(retryingUntil, "HH:mm") })}
            </Typography>
            {message.sendError ? (
              <Typography variant="caption" sx={{ color: colors.meta, display: "block", overflowWrap: "anywhere" }}>
                {t("conversation.messages.retryingReason", { reason: message.sendError })}
              </Typography>
            ) : null}
            {canDelete ? (
              <Button size="small" color="inherit" startIcon={<Close />} onClick={() => onDelete(message)}>
                {t("conversation.messages.cancelSend")}
              </Button>
            ) : null}
          </Box>
        ) : null}
        {failed ? (
          <Box sx={{ mr: -3, color: "error.main", textAlign: "right" }}>
            {message.sendError ? (
              <Typography variant="caption" sx={{ color: colors.meta, display: "block", overflowWrap: "anywhere" }}>
                {t("conversation.messages.failedReason", { reason: message.sendError })}
              </Typography>
            ) : null}
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "flex-end" }}>
              <Typography variant="caption" sx={{ color: "inherit" }}>
                {t("conversation.messages.failed")}
              </Typography>
              <Button size="small" color="error" startIcon={<Replay />} loading={retrying} onClick={() => onRetry(message)}>
                {t("conversation.messages.retry")}
              </Button>
              {canDelete && !message.isDeleted ? (
                <Button size="small" color="inherit" startIcon={<Close />} onClick={() => onDelete(message)}>
                  {t("conversation.messages.cancelSend")}
                </Button>
              ) : null}
            </Stack>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
});

