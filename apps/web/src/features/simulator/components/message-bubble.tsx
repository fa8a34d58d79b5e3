import type { SimulatorMessage } from "@conversa/shared";
import Block from "@mui/icons-material/Block";
import ContactPhone from "@mui/icons-material/ContactPhone";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import InsertDriveFile from "@mui/icons-material/InsertDriveFile";
import LocationOn from "@mui/icons-material/LocationOn";
import Phone from "@mui/icons-material/Phone";
import Schedule from "@mui/icons-material/Schedule";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useDownloadSimulatorMedia, useSimulatorMediaUrl } from "../api/get-simulator-media.ts";

type AckName = "pending" | "sent" | "delivered" | "read";

function ackName(ack: number): AckName {
  if (ack >= 3) return "read";
  if (ack === 2) return "delivered";
  if (ack === 1) return "sent";
  return "pending";
}

/** Clock, one tick, two ticks, two blue ticks, as WhatsApp shows them. */
function AckTicks({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const name = ackName(ack);
  const label = t(`simulator.acks.${name}`);
  const icon = name === "pending" ? <Schedule /> : name === "sent" ? <Done /> : <DoneAll />;
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-ack={ack}
      sx={{ display: "inline-flex", color: name === "read" ? "#34B7F1" : "text.secondary", "& svg": { fontSize: 16 } }}
    >
      {icon}
    </Box>
  );
}

function MediaContent({ message }: { message: SimulatorMessage }) {
  const { t } = useTranslation();
  const media = message.media;
  const isShown = media?.url != null && /^(image|audio|video)\//.test(media.mimetype);
  const shown = useSimulatorMediaUrl(isShown ? (media?.url ?? null) : null);
  const download = useDownloadSimulatorMedia();
  if (!media) return null;
  const name = media.filename ?? media.mimetype;
  if (isShown && shown.url) {
    if (media.mimetype.startsWith("image/")) {
      return <Box component="img" src={shown.url} alt={name} sx={{ display: "block", maxWidth: "100%", maxHeight: 240, borderRadius: 1 }} />;
    }
    if (media.mimetype.startsWith("audio/")) return <audio controls src={shown.url} aria-label={name} />;
    return <Box component="video" controls src={shown.url} aria-label={name} sx={{ maxWidth: "100%", maxHeight: 240 }} />;
  }
  const label = media.voice ? t("simulator.voice") : name;
  const url = media.url;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <InsertDriveFile fontSize="small" />
      {url && !isShown ? (
        <Link
          component="button"
          type="button"
          onClick={() => download.mutate({ path: url, fileName: media.filename ?? name })}
          aria-label={t("simulator.download", { name })}
        >
          {label}
        </Link>
      ) : (
        <Typography variant="body2">{label}</Typography>
      )}
    </Stack>
  );
}

function IconLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

function KindContent({ message }: { message: SimulatorMessage }) {
  const { t } = useTranslation();
  if (message.location) {
    const { latitude, longitude, description } = message.location;
    return <IconLine icon={<LocationOn fontSize="small" />}>{`${description ? `${description} · ` : ""}${latitude}, ${longitude}`}</IconLine>;
  }
  if (message.vcard) return <IconLine icon={<ContactPhone fontSize="small" />}>{`${message.vcard.name} · ${message.vcard.numbers.join(", ")}`}</IconLine>;
  if (message.call) {
    const text = message.call.isVideo ? t("simulator.videoCall", { status: message.call.status }) : t("simulator.call", { status: message.call.status });
    return <IconLine icon={<Phone fontSize="small" />}>{text}</IconLine>;
  }
  if (message.rawType) return <Typography variant="caption" color="text.secondary">{t("simulator.unknownKind", { type: message.rawType })}</Typography>;
  return <MediaContent message={message} />;
}

/** One message of the thread: the customer's own on the right, the company's on the left. */
export function MessageBubble({ message }: { message: SimulatorMessage }) {
  const { t } = useTranslation();
  const isCustomer = message.direction === "in";
  const showsBody = message.body !== "" && !message.location && !message.vcard;
  return (
    <Box
      component="li"
      aria-label={isCustomer ? t("simulator.fromCustomer") : t("simulator.fromCompany")}
      data-wid={message.wid}
      sx={{ listStyle: "none", display: "flex", justifyContent: isCustomer ? "flex-end" : "flex-start" }}
    >
      <Box
        sx={(theme) => ({
          maxWidth: "75%",
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: isCustomer ? (theme.palette.mode === "light" ? "#DCF8C6" : "#005C4B") : "background.paper",
          color: "text.primary",
          border: isCustomer ? "none" : `1px solid ${theme.palette.divider}`,
          opacity: message.isDeleted ? 0.7 : 1,
        })}
      >
        {message.participant ? (
          <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
            {message.participant.name ?? message.participant.number}
          </Typography>
        ) : null}
        {message.quotedWid ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", borderLeft: 3, borderColor: "primary.main", pl: 1, mb: 0.5 }}>
            {t("simulator.quoted", { wid: message.quotedWid })}
          </Typography>
        ) : null}
        {message.isDeleted ? (
          <IconLine icon={<Block fontSize="small" />}>{t("simulator.deleted")}</IconLine>
        ) : null}
        <KindContent message={message} />
        {showsBody ? (
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", textDecoration: message.isDeleted ? "line-through" : "none" }}>
            {message.body}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end", alignItems: "center", mt: 0.25 }}>
          <Typography variant="caption" color="text.secondary">
            {formatDate(message.createdAt, "HH:mm", currentLanguage())}
          </Typography>
          <AckTicks ack={message.ack} />
        </Stack>
      </Box>
    </Box>
  );
}
