import type { Help } from "@conversa/shared";
import Close from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import { useTranslation } from "react-i18next";
import { embedUrl } from "../utils/help-form.ts";

interface HelpPlayerDialogProps {
  /** The video to play; null closes the dialog. */
  help: Help | null;
  onClose: () => void;
}

/** The player of a help video, from the hosting service's privacy-enhanced embed; Escape or the close button closes it. */
export function HelpPlayerDialog({ help, onClose }: HelpPlayerDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={help !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="help-player-title">
      <DialogTitle id="help-player-title" sx={{ pr: 7 }}>
        {help?.title}
      </DialogTitle>
      <IconButton aria-label={t("helps.gallery.close")} onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }}>
        <Close />
      </IconButton>
      <DialogContent>
        {help && (
          <Box sx={{ position: "relative", aspectRatio: "16 / 9", bgcolor: "common.black", borderRadius: 1, overflow: "hidden" }}>
            <Box
              component="iframe"
              src={embedUrl(help.video)}
              title={help.title}
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
            />
          </Box>
        )}
        {help?.description && <Box sx={{ mt: 2, color: "text.secondary", whiteSpace: "pre-wrap" }}>{help.description}</Box>}
      </DialogContent>
    </Dialog>
  );
}
