import { zodResolver } from "@hookform/resolvers/zod";
import { LIMITS, TIMINGS } from "@conversa/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { showToast } from "../../../lib/toast.ts";
import { useCreateNote } from "../api/create-note.ts";
import { useDeleteNote } from "../api/delete-note.ts";
import { useNotes } from "../api/list-notes.ts";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildSchema(tooShort: string) {
  return z.object({ note: z.string().trim().min(LIMITS.noteMin, tooShort).max(5000) });
}
type NoteForm = z.infer<ReturnType<typeof buildSchema>>;

interface TicketNotesProps {
  ticketId: number;
  contactId: number;
}

/** Notes of the ticket and its contact (spec core §2): the list with author and date, add (2+ characters) and delete. */
export function TicketNotes({ ticketId, contactId }: TicketNotesProps) {
  const { t } = useTranslation();
  const notes = useNotes(ticketId, contactId);
  const createNote = useCreateNote();
  const deleteNote = useDeleteNote();
  const [toDelete, setToDelete] = useState<number | null>(null);
  const schema = useMemo(() => buildSchema(t("conversation.notes.tooShort")), [t]);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NoteForm>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: { note: "" } });

  const onSubmit = async ({ note }: NoteForm) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      await createNote.mutateAsync({ note, ticketId, contactId });
    } catch (error) {
      showFormError(error, hookFormFields({ getValues, setError }));
      return;
    }
    reset({ note: "" });
    showToast(t("conversation.notes.added"), "success");
  };

  return (
    <Stack spacing={2}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          {...register("note")}
          label={t("conversation.notes.label")}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          error={Boolean(errors.note)}
          helperText={errors.note?.message}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1 }}>
          <Button type="submit" variant="contained" size="small" loading={isSubmitting}>
            {t("conversation.notes.add")}
          </Button>
        </Box>
      </Box>
      {notes.isPending ? <CircularProgress size={24} aria-label={t("common.loading")} sx={{ alignSelf: "center" }} /> : null}
      {notes.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("conversation.notes.empty")}
        </Typography>
      ) : null}
      {notes.data && notes.data.length > 0 ? (
        <List dense disablePadding aria-label={t("conversation.notes.list")}>
          {notes.data.map((note) => (
            <ListItem
              key={note.id}
              divider
              disableGutters
              secondaryAction={
                <IconButton edge="end" size="small" aria-label={t("conversation.notes.delete")} onClick={() => setToDelete(note.id)}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={note.note}
                secondary={t("conversation.notes.by", { name: note.user?.name ?? t("conversation.notes.unknownAuthor"), date: formatDate(note.createdAt, DATE_PATTERNS.dateTime) })}
                slotProps={{ primary: { sx: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t("conversation.notes.confirmDelete.title")}
        message={t("conversation.notes.confirmDelete.message")}
        confirmLabel={t("conversation.notes.confirmDelete.confirm")}
        loading={deleteNote.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete === null) return;
          deleteNote.mutate(
            { id: toDelete, ticketId, contactId },
            {
              onSuccess: () => showToast(t("conversation.notes.deleted"), "success"),
              onSettled: () => setToDelete(null),
            },
          );
        }}
      />
    </Stack>
  );
}
