import type { Message } from "@conversa/shared";
import BrokenImage from "@mui/icons-material/BrokenImage";
import ContactPhone from "@mui/icons-material/ContactPhone";
import Description from "@mui/icons-material/Description";
import LocationOn from "@mui/icons-material/LocationOn";
import MissedVideoCall from "@mui/icons-material/MissedVideoCall";
import PhoneMissed from "@mui/icons-material/PhoneMissed";
import PlayCircleOutline from "@mui/icons-material/PlayCircleOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDownloadMedia, useMediaUrl } from "../api/get-media.ts";
import { contactCardOf, hasMediaError, isVideoCall, locationOf, mapUrlOf } from "../utils/message-content.ts";

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", py: 0.5 }}>
      {icon}
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Stack>
  );
}

function MediaFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice icon={<BrokenImage fontSize="small" />}>
      {t("conversation.messages.media.loadFailed")}{" "}
      <Link component="button" type="button" onClick={onRetry} color="inherit">
        {t("conversation.messages.media.tryAgain")}
      </Link>
    </Notice>
  );
}

function Loading({ label, height = 120 }: { label: string; height?: number }) {
  return (
    <Box sx={{ width: 220, maxWidth: "100%", height, display: "grid", placeItems: "center" }}>
      <CircularProgress size={24} aria-label={label} />
    </Box>
  );
}

function ImageMedia({ path, alt, sticker }: { path: string; alt: string; sticker: boolean }) {
  const { t } = useTranslation();
  const media = useMediaUrl(path);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (media.isError) return <MediaFailed onRetry={media.retry} />;
  if (!media.url) return <Loading label={t("common.loading")} height={sticker ? 120 : 180} />;
  if (sticker) return <Box component="img" src={media.url} alt={alt} sx={{ width: 120, height: 120, objectFit: "contain", display: "block" }} />;
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={t("conversation.messages.media.openImage")} sx={{ borderRadius: 1, overflow: "hidden", display: "block" }}>
        <Box component="img" src={media.url} alt={alt} sx={{ width: 260, maxWidth: "100%", maxHeight: 260, objectFit: "cover", display: "block" }} />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {t("conversation.messages.media.imageViewer")}
          <IconButton aria-label={t("common.close")} onClick={() => setOpen(false)} sx={{ position: "absolute", right: 8, top: 8 }}>
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Box component="img" src={media.url} alt={alt} sx={{ maxWidth: "100%", maxHeight: "80vh", display: "block", mx: "auto" }} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function AudioMedia({ path }: { path: string }) {
  const { t } = useTranslation();
  const media = useMediaUrl(path);
  if (media.isError) return <MediaFailed onRetry={media.retry} />;
  if (!media.url) return <Loading label={t("common.loading")} height={54} />;
  return <Box component="audio" controls src={media.url} aria-label={t("conversation.messages.media.audio")} sx={{ width: 280, maxWidth: "100%", display: "block" }} />;
}

function VideoMedia({ path }: { path: string }) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(false);
  const media = useMediaUrl(path, requested);
  if (!requested) {
    return (
      <Button variant="outlined" color="inherit" startIcon={<PlayCircleOutline />} onClick={() => setRequested(true)}>
        {t("conversation.messages.media.loadVideo")}
      </Button>
    );
  }
  if (media.isError) return <MediaFailed onRetry={media.retry} />;
  if (!media.url) return <Loading label={t("common.loading")} />;
  return <Box component="video" controls src={media.url} aria-label={t("conversation.messages.media.video")} sx={{ width: 320, maxWidth: "100%", maxHeight: 320, display: "block" }} />;
}

function DocumentMedia({ path, fileName }: { path: string; fileName: string }) {
  const { t } = useTranslation();
  const download = useDownloadMedia();
  return (
    <Button
      variant="text"
      color="inherit"
      startIcon={<Description />}
      loading={download.isPending}
      onClick={() => download.mutate({ path, fileName })}
      aria-label={t("conversation.messages.media.download", { name: fileName })}
      sx={{ textTransform: "none", justifyContent: "flex-start", maxWidth: "100%", textAlign: "left", overflowWrap: "anywhere" }}
    >
      {fileName}
    </Button>
  );
}

/**
 * The content of a non-text message by type (spec core §2): image (thumbnail and full-size viewer),
 * sticker, audio and video players, documents as downloads, location, contact card, call log.
 * Media are fetched with the token and shown through object URLs.
 */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { mediaType, mediaUrl } = message;

  if (mediaType === "location") {
    const location = locationOf(message);
    if (!location) return <Notice icon={<LocationOn fontSize="small" />}>{t("conversation.messages.media.location")}</Notice>;
    return (
      <Stack spacing={0.5} sx={{ py: 0.5 }}>
        <Notice icon={<LocationOn fontSize="small" />}>{location.description ?? t("conversation.messages.media.location")}</Notice>
        <Typography variant="caption">
          {location.latitude}, {location.longitude}
        </Typography>
        <Link href={mapUrlOf(location)} target="_blank" rel="noopener noreferrer" color="inherit" underline="always" variant="body2">
          {t("conversation.messages.media.openMap")}
        </Link>
      </Stack>
    );
  }

  if (mediaType === "vcard" || mediaType === "contactMessage") {
    const card = contactCardOf(message);
    return (
      <Stack spacing={0.5} sx={{ py: 0.5, minWidth: 180 }} aria-label={t("conversation.messages.media.contact")} role="group">
        <Notice icon={<ContactPhone fontSize="small" />}>
          <strong>{card.name || t("conversation.messages.media.contact")}</strong>
        </Notice>
        {card.numbers.map((number) => (
          <Typography key={number} variant="body2" sx={{ pl: 4 }}>
            {number}
          </Typography>
        ))}
      </Stack>
    );
  }

  if (mediaType === "call_log") {
    const video = isVideoCall(message);
    return (
      <Notice icon={video ? <MissedVideoCall fontSize="small" color="error" /> : <PhoneMissed fontSize="small" color="error" />}>
        {t(video ? "conversation.messages.media.missedVideoCall" : "conversation.messages.media.missedVoiceCall")}
      </Notice>
    );
  }

  if (!mediaUrl || hasMediaError(message)) {
    return <Notice icon={<BrokenImage fontSize="small" />}>{t("conversation.messages.media.unavailable")}</Notice>;
  }

  switch (mediaType) {
    case "image":
      return <ImageMedia path={mediaUrl} alt={message.mediaName ?? t("conversation.messages.media.image")} sticker={false} />;
    case "sticker":
      return <ImageMedia path={mediaUrl} alt={t("conversation.messages.media.sticker")} sticker />;
    case "audio":
      return <AudioMedia path={mediaUrl} />;
    case "video":
      return <VideoMedia path={mediaUrl} />;
    default:
      return <DocumentMedia path={mediaUrl} fileName={message.mediaName ?? mediaUrl.split("/").pop() ?? t("conversation.messages.media.document")} />;
  }
}

