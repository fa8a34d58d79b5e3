import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { FormEventHandler, ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../confirmation-dialog.tsx";

interface RecordEditorFrameProps {
  /** "New plan", or "Editing the plan X" once a row is loaded. */
  heading: string;
  /** Accessible name of the form. */
  formLabel: string;
  onSubmit: FormEventHandler;
  isSubmitting: boolean;
  /** A stored record is loaded: Excluir is offered. */
  isEditing: boolean;
  /** Excluir is shown but not offered (a record that cannot be deleted), with why. */
  deleteDisabledReason?: string;
  onClear: () => void;
  onDelete: () => void;
  /** Further buttons before Salvar. */
  actions?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /** What is shown below the form: the table of records, or its loading and failure states. */
  list: ReactNode;
  confirmation: {
    open: boolean;
    title: string;
    message: string;
    confirmLabel: string;
    /** What the delete takes away, shown under the message. */
    details?: ReactNode;
    loading: boolean;
    /** The confirm button waits (e.g. for the details). */
    disabled?: boolean;
    onConfirm: () => void;
    onClose: () => void;
  };
}

/**
 * The layout of the super users' settings tabs (Empresas, Planos, Ajuda): the form above, with Limpar,
 * Excluir (for a loaded record) and Salvar; the records below; the delete confirmation.
 */
export function RecordEditorFrame({ heading, formLabel, onSubmit, isSubmitting, isEditing, deleteDisabledReason, onClear, onDelete, actions, children, list, confirmation }: RecordEditorFrameProps) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {heading}
        </Typography>
        <Box component="form" id={formId} noValidate onSubmit={onSubmit} aria-label={formLabel}>
          {children}
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2.5, justifyContent: "flex-end", flexWrap: "wrap", alignItems: "center" }}>
            {isEditing && deleteDisabledReason && (
              <Typography variant="body2" color="text.secondary" sx={{ mr: "auto" }}>
                {deleteDisabledReason}
              </Typography>
            )}
            <Button onClick={onClear} disabled={isSubmitting}>
              {t("recordEditor.clear")}
            </Button>
            {isEditing && (
              <Button color="error" variant="outlined" onClick={onDelete} disabled={isSubmitting || Boolean(deleteDisabledReason)}>
                {t("recordEditor.delete")}
              </Button>
            )}
            {actions}
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t("recordEditor.save")}
            </Button>
          </Stack>
        </Box>
      </Paper>
      {list}
      <ConfirmationDialog
        open={confirmation.open}
        title={confirmation.title}
        message={confirmation.message}
        confirmLabel={confirmation.confirmLabel}
        loading={confirmation.loading}
        confirmDisabled={confirmation.disabled}
        onConfirm={confirmation.onConfirm}
        onClose={confirmation.onClose}
      >
        {confirmation.details}
      </ConfirmationDialog>
    </Stack>
  );
}
