import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

interface ConfirmationDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Shows the confirm button busy (the action is running). */
  loading?: boolean;
  /** Keeps the confirm button off (what it acts on is still loading). */
  confirmDisabled?: boolean;
  /** The confirm button's colour: red for what cannot be undone (the default), the main colour for a step forward. */
  confirmColor?: "error" | "primary";
  /** More about what the action takes away, below the message. */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone, or before a step worth a second thought. */
export function ConfirmationDialog({ open, title, message, confirmLabel, loading = false, confirmDisabled = false, confirmColor = "error", children, onConfirm, onClose }: ConfirmationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button onClick={onConfirm} color={confirmColor} variant="contained" loading={loading} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
