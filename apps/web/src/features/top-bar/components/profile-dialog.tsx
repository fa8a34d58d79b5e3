import type { SessionUser } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";

interface ProfileDialogProps {
  user: Pick<SessionUser, "name" | "email">;
  open: boolean;
  onClose: () => void;
}

/** The signed-in user's name and e-mail, read-only until the users page brings editing. */
export function ProfileDialog({ user, open, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t("profile.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t("profile.name")} value={user.name} slotProps={{ input: { readOnly: true } }} fullWidth />
          <TextField label={t("profile.email")} value={user.email} slotProps={{ input: { readOnly: true } }} fullWidth />
          <Alert severity="info">{t("profile.editingNotice")}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
