import AudioFile from "@mui/icons-material/AudioFile";
import Close from "@mui/icons-material/Close";
import InsertDriveFile from "@mui/icons-material/InsertDriveFile";
import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import VideoFile from "@mui/icons-material/VideoFile";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useObjectUrl } from "../../../lib/object-url.ts";
import { type PendingAttachment, attachmentKindOf, formatFileSize } from "../utils/attachments.ts";

const ICONS = { video: VideoFile, audio: AudioFile, pdf: PictureAsPdf, file: InsertDriveFile } as const;
const THUMB = 72;

function Thumbnail({ file }: { file: File }) {
  const kind = attachmentKindOf(file);
  const url = useObjectUrl(kind === "image" ? file : undefined);
  if (kind === "image") {
    return url ? <Box component="img" src={url} alt="" sx={{ width: THUMB, height: THUMB, objectFit: "cover", borderRadius: 1, flexShrink: 0 }} /> : <Box sx={{ width: THUMB, height: THUMB, flexShrink: 0 }} />;
  }
  const Icon = ICONS[kind];
  return (
    <Box sx={{ width: THUMB, height: THUMB, borderRadius: 1, bgcolor: "action.hover", display: "flex", alignItems: "center", justifyContent: "center", flexShrink: 0 }}>
      <Icon color="action" sx={{ fontSize: 36 }} />
    </Box>
  );
}

interface AttachmentPreviewProps {
  attachments: readonly PendingAttachment[];
  onCaptionChange: (key: number, caption: string) => void;
  onRemove: (key: number) => void;
  /** Enter in a caption sends, as in the message input. */
  onSubmit: () => void;
}

/**
 * The files about to be sent, above the composer: images shown, other files by icon, name and size,
 * each with its caption and a button to take it out. They are sent in this order.
 */
export function AttachmentPreview({ attachments, onCaptionChange, onRemove, onSubmit }: AttachmentPreviewProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="ul" role="list" aria-label={t("composer.attachments")} spacing={1} sx={{ listStyle: "none", m: 0, mx: 1, mb: 1, p: 0, maxHeight: 260, overflowY: "auto" }}>
      {attachments.map(({ key, file, caption }) => (
        <Paper component="li" key={key} variant="outlined" sx={{ display: "flex", gap: 1.5, alignItems: "center", p: 1 }}>
          <Thumbnail file={file} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", mb: 0.5 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600, minWidth: 0 }} title={file.name}>
                {file.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {formatFileSize(file.size, i18n.language)}
              </Typography>
            </Stack>
            <TextField
              value={caption}
              onChange={(event) => onCaptionChange(key, event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  onSubmit();
                }
              }}
              placeholder={t("composer.caption")}
              size="small"
              fullWidth
              multiline
              maxRows={3}
              slotProps={{ htmlInput: { "aria-label": t("composer.captionOf", { name: file.name }) } }}
            />
          </Box>
          <IconButton size="small" aria-label={t("composer.removeAttachment", { name: file.name })} onClick={() => onRemove(key)}>
            <Close fontSize="small" />
          </IconButton>
        </Paper>
      ))}
    </Stack>
  );
}
