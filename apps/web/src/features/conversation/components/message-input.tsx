import type { Message, QuickMessage, TicketStatus } from "@conversa/shared";
import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import InsertEmoticon from "@mui/icons-material/InsertEmoticon";
import Mic from "@mui/icons-material/Mic";
import Send from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { plainText } from "../../../lib/format-text.ts";
import { showToast, toastError } from "../../../lib/toast.ts";
import { fetchMedia } from "../api/get-media.ts";
import { useQuickMessages } from "../api/list-quick-messages.ts";
import { conversationKeys } from "../api/query-keys.ts";
import { refreshNewestPage } from "../api/list-messages.ts";
import { type SendMessageInput, useSendMessage } from "../api/send-message.ts";
import { useAudioRecorder } from "../hooks/use-audio-recorder.ts";
import { type PendingAttachment } from "../utils/attachments.ts";
import { isRecordingTooShort, microphoneFailureOf, recordingToMp3 } from "../utils/audio.ts";
import { messageKindOf } from "../utils/message-content.ts";
import { matchQuickReplies, quickReplyQuery } from "../utils/quick-replies.ts";
import { hasContent, wasQueued } from "../utils/send-errors.ts";
import { AttachmentPreview } from "./attachment-preview.tsx";
import { ProcessingAudio, RecordingBar } from "./audio-recorder.tsx";
import { QuickReplyList } from "./quick-reply-list.tsx";

/** The picker and its data load on first use: most messages carry no emoji from it. */
const EmojiPicker = lazy(() => import("./emoji-picker.tsx"));

/** Hidden on screen, read by assistive technology. */
const visuallyHidden = { position: "absolute", width: 1, height: 1, margin: "-1px", padding: 0, border: 0, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } as const;

/** The input grows up to this many rows, then scrolls (spec core §2). */
export const MAX_INPUT_ROWS = 5;

interface MessageInputProps {
  ticketId: number;
  status: TicketStatus;
  /** The colleague who holds the open ticket, when the user may not write on it (null otherwise). */
  heldBy: string | null;
  /** Official line with its 24-hour window closed: only a template may go out (sent from the window's bar). */
  freeFormClosed?: boolean;
  /** The message being replied to, shown above the input. */
  quoted: Message | null;
  onCancelQuote: () => void;
}

function QuotedBar({ quoted, onCancel }: { quoted: Message; onCancel: () => void }) {
  const { t } = useTranslation();
  const author = quoted.fromMe ? t("conversation.messages.you") : (quoted.contact?.name ?? "");
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", mx: 1, mb: 1, pl: 1.5, py: 0.5, borderLeft: 4, borderColor: "primary.main", bgcolor: "action.hover", borderRadius: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }} aria-live="polite">
        <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
          {t("conversation.input.replyingTo", { name: author })}
        </Typography>
        <Typography variant="body2" noWrap color="text.secondary">
          {plainText(quoted.body) || t(`conversation.messages.kinds.${messageKindOf(quoted.mediaType)}`)}
        </Typography>
      </Box>
      <IconButton size="small" aria-label={t("conversation.input.cancelReply")} onClick={onCancel}>
        <Close fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/**
 * The message composer (spec core §2): Enter sends, Shift+Enter breaks the line, blank messages are
 * not sent, everything is disabled unless the ticket is open and the user may write on it (not when a
 * colleague holds it); quick replies after "/", attachments, the reply preview, the signature switch
 * and the audio recorder.
 */
export function MessageInput({ ticketId, status, heldBy, freeFormClosed = false, quoted, onCancelQuote }: MessageInputProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isOpen = status === "open" && heldBy === null && !freeFormClosed;
  const [text, setText] = useState("");
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const nextAttachmentKey = useRef(0);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const caretAfterInsert = useRef<number | null>(null);
  const [signMessage, setSignMessage] = useState(true);
  const [focused, setFocused] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [processingAudio, setProcessingAudio] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const fileInputRef = useRef<HTMLInputElement | null>(null);
  const listId = useId();
  const hintId = useId();
  const send = useSendMessage();
  const recorder = useAudioRecorder();

  const wantsQuickReplies = quickReplyQuery(text) !== null;
  const quickMessages = useQuickMessages(isOpen && wantsQuickReplies);
  const matches = useMemo(() => matchQuickReplies(text, quickMessages.data ?? []), [text, quickMessages.data]);
  const showQuickReplies = isOpen && focused && matches.length > 0 && dismissedFor !== text;
  const active = Math.min(activeIndex, Math.max(matches.length - 1, 0));

  useEffect(() => {
    if (quoted) inputRef.current?.focus();
  }, [quoted]);

  // Once an inserted emoji is in the input, the caret goes right after it.
  useEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null || !inputRef.current) return;
    caretAfterInsert.current = null;
    inputRef.current.setSelectionRange(caret, caret);
  }, [text]);

  const addFiles = (chosen: readonly File[]) => {
    setAttachments((list) => [...list, ...chosen.map((file) => ({ key: (nextAttachmentKey.current += 1), file, caption: "" }))]);
  };

  /** Puts the emoji where the caret is (replacing a selection), or at the end. */
  const insertEmoji = (emoji: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    caretAfterInsert.current = start + emoji.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
  };

  const deliver = (input: Pick<SendMessageInput, "body" | "files" | "captions" | "voice">, onSent: () => void) => {
    send.mutate(
      // A voice note carries no text to sign.
      { ticketId, signMessage: signMessage && !input.voice, quotedMsgId: quoted?.id, ...input },
      {
        onSuccess: onSent,
        onError: (error) => {
          toastError(error);
          // A colleague took the ticket and the panel has not heard yet: read it again, the composer closes.
          if (error instanceof ApiError && error.code === "ERR_TICKET_HELD_BY_OTHER") void queryClient.invalidateQueries({ queryKey: conversationKeys.tickets });
          if (!wasQueued(error)) return;
          // Stored and waiting for the connection: show it with its clock, as sent.
          onSent();
          void refreshNewestPage(queryClient, ticketId).catch(() => undefined);
        },
      },
    );
  };

  const submit = () => {
    if (!isOpen || send.isPending || !hasContent(text, attachments.length)) return;
    deliver({ body: text.trim(), files: attachments.map((item) => item.file), captions: attachments.map((item) => item.caption.trim()) }, () => {
      setText("");
      setAttachments([]);
      onCancelQuote();
    });
  };

  const pickQuickReply = (quick: QuickMessage) => {
    setText(quick.message);
    setActiveIndex(0);
    inputRef.current?.focus();
    // A reply with an attachment brings its file along, sent with the text as its caption.
    const { mediaPath, mediaName } = quick;
    if (quick.isMedia && mediaPath) {
      queryClient
        .fetchQuery({ queryKey: conversationKeys.media(mediaPath), queryFn: ({ signal }) => fetchMedia(mediaPath, signal), staleTime: Number.POSITIVE_INFINITY })
        .then((blob) => addFiles([new File([blob], mediaName ?? mediaPath.slice(mediaPath.lastIndexOf("/") + 1), { type: blob.type })]))
        .catch(toastError);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (showQuickReplies) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActiveIndex((active + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissedFor(text);
        return;
      }
      if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
        const quick = matches[active];
        if (quick) {
          event.preventDefault();
          pickQuickReply(quick);
          return;
        }
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch (error) {
      showToast(t(`conversation.input.microphone.${microphoneFailureOf(error)}`), "error");
    }
  };

  const sendRecording = async () => {
    setProcessingAudio(true);
    try {
      const recording = await recorder.finish();
      if (!recording || recording.size === 0) {
        showToast(t("conversation.input.recordingTooShort"), "info");
        return;
      }
      const mp3 = await recordingToMp3(recording);
      if (isRecordingTooShort(mp3.size)) {
        showToast(t("conversation.input.recordingTooShort"), "info");
        return;
      }
      deliver({ body: "", voice: mp3 }, onCancelQuote);
    } catch (error) {
      toastError(error);
    } finally {
      setProcessingAudio(false);
    }
  };

  const hint =
    heldBy !== null && status === "open"
      ? t("conversation.input.disabledHeld", { user: heldBy })
      : status === "open" && freeFormClosed
        ? t("conversation.input.disabledWindow")
        : status === "pending"
        ? t("conversation.input.disabledPending")
        : t("conversation.input.disabledClosed");
  const recording = recorder.state === "recording" && recorder.startedAt !== null;

  return (
    <Box component="footer" sx={{ position: "relative", borderTop: 1, borderColor: "divider", bgcolor: "background.paper", pt: 1, pb: 0.5 }}>
      {showQuickReplies ? <QuickReplyList id={listId} options={matches} activeIndex={active} onPick={pickQuickReply} /> : null}
      {quoted && isOpen ? <QuotedBar quoted={quoted} onCancel={onCancelQuote} /> : null}
      {attachments.length > 0 && isOpen ? (
        <AttachmentPreview
          attachments={attachments}
          onCaptionChange={(key, caption) => setAttachments((list) => list.map((item) => (item.key === key ? { ...item, caption } : item)))}
          onRemove={(key) => setAttachments((list) => list.filter((item) => item.key !== key))}
          onSubmit={submit}
        />
      ) : null}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end", px: 1 }}>
        {recording && recorder.startedAt !== null ? (
          <RecordingBar startedAt={recorder.startedAt} onCancel={recorder.cancel} onSend={() => void sendRecording()} />
        ) : processingAudio ? (
          <ProcessingAudio />
        ) : (
          <>
            <input
              ref={fileInputRef}
              type="file"
              multiple
              hidden
              aria-hidden
              tabIndex={-1}
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                if (chosen.length) addFiles(chosen);
                event.target.value = "";
              }}
            />
            <IconButton aria-label={t("conversation.input.attach")} disabled={!isOpen} onClick={() => fileInputRef.current?.click()}>
              <AttachFile />
            </IconButton>
            <IconButton aria-label={t("composer.emoji")} aria-haspopup="dialog" disabled={!isOpen} onClick={(event) => setEmojiAnchor(event.currentTarget)}>
              <InsertEmoticon />
            </IconButton>
            <Popover
              open={emojiAnchor !== null}
              anchorEl={emojiAnchor}
              onClose={() => {
                setEmojiAnchor(null);
                inputRef.current?.focus();
              }}
              anchorOrigin={{ vertical: "top", horizontal: "left" }}
              transformOrigin={{ vertical: "bottom", horizontal: "left" }}
              slotProps={{ paper: { role: "dialog", "aria-label": t("composer.emoji") } }}
            >
              <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} aria-label={t("common.loading")} />}>
                <EmojiPicker onPick={insertEmoji} />
              </Suspense>
            </Popover>
            <TextField
              inputRef={inputRef}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActiveIndex(0);
              }}
              onKeyDown={onKeyDown}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
              disabled={!isOpen}
              placeholder={isOpen ? t("conversation.input.placeholder") : hint}
              multiline
              maxRows={MAX_INPUT_ROWS}
              fullWidth
              size="small"
              slotProps={{
                htmlInput: {
                  "aria-label": t("conversation.input.label"),
                  "aria-describedby": isOpen ? undefined : hintId,
                  "aria-autocomplete": "list",
                  "aria-controls": showQuickReplies ? listId : undefined,
                  "aria-activedescendant": showQuickReplies && matches[active] ? `${listId}-${matches[active].id}` : undefined,
                },
              }}
              sx={{ "& .MuiOutlinedInput-root": { borderRadius: 3 } }}
            />
            {isOpen ? (
              <IconButton aria-label={t("conversation.input.record")} onClick={() => void startRecording()} disabled={send.isPending}>
                <Mic />
              </IconButton>
            ) : null}
            <IconButton aria-label={t("conversation.input.send")} color="primary" disabled={!isOpen} loading={send.isPending} onClick={submit}>
              <Send />
            </IconButton>
          </>
        )}
      </Stack>
      {isOpen ? (
        <Stack direction="row" sx={{ alignItems: "center", px: 2 }}>
          <Tooltip title={t("conversation.input.signatureHelp")}>
            <FormControlLabel
              control={<Switch size="small" checked={signMessage} onChange={(event) => setSignMessage(event.target.checked)} />}
              label={<Typography variant="caption">{t("conversation.input.signature")}</Typography>}
            />
          </Tooltip>
        </Stack>
      ) : (
        // The placeholder shows the hint; this copy describes the disabled input to assistive technology.
        <Typography id={hintId} variant="caption" sx={visuallyHidden}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
