import { zodResolver } from "@hookform/resolvers/zod";
import { TIMINGS, type TagRecord } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { showToast } from "../../../lib/toast.ts";
import { useTag } from "../api/get-tag.ts";
import { useSaveTag } from "../api/save-tag.ts";
import { type TagFormValues, buildTagFormSchema, tagFormValues, toTagBody } from "../utils/tag-form.ts";
import { TagChip } from "../../../components/tag-chip.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface TagDialogProps {
  open: boolean;
  /** The tag to edit; null adds a new one. */
  tagId: number | null;
  /** Whether the kanban switch is shown (permission "tags:kanban"). */
  canSetKanban: boolean;
  /** A supervisor ("tags:kanban" without "tags:manage"): name and colour are shown, only the kanban flag changes. */
  kanbanOnly?: boolean;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Add or edit a tag: name, colour and, for admins, the kanban flag. Saving waits 400 ms as every form. */
export function TagDialog({ open, tagId, canSetKanban, kanbanOnly = false, onClose }: TagDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(tagId === null ? "tags.dialog.addTitle" : "tags.dialog.editTitle")}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {tagId === null ? <TagForm tagId={null} tag={undefined} canSetKanban={canSetKanban} onClose={onClose} /> : <EditTag tagId={tagId} canSetKanban={canSetKanban} kanbanOnly={kanbanOnly} onClose={onClose} />}
    </Dialog>
  );
}

function EditTag({ tagId, canSetKanban, kanbanOnly, onClose }: { tagId: number; canSetKanban: boolean; kanbanOnly: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tag = useTag(tagId);
  return (
    <RecordDialogContent query={tag} loadFailed={t("tags.loadFailed")}>
      {(record) => <TagForm tagId={tagId} tag={record} canSetKanban={canSetKanban} kanbanOnly={kanbanOnly} onClose={onClose} />}
    </RecordDialogContent>
  );
}

interface TagFormProps {
  tagId: number | null;
  tag: TagRecord | undefined;
  canSetKanban: boolean;
  kanbanOnly?: boolean;
  onClose: () => void;
}

function TagForm({ tagId, tag, canSetKanban, kanbanOnly = false, onClose }: TagFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildTagFormSchema(t), [t]);
  const save = useSaveTag();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TagFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: tagFormValues(tag) });

  const onSubmit = async (values: TagFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      await save.mutateAsync({ id: tagId, body: toTagBody(values, canSetKanban) });
    } catch (error) {
      // Under the refused fields, and as the catalogue's toast; the dialog stays open to fix the input.
      showFormError(error, hookFormFields({ getValues, setError }));
      return;
    }
    showToast(t("list.saved"), "success");
    onClose();
  };

  const preview = watch("name").trim();
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            {...register("name")}
            label={t("tags.form.name")}
            required
            autoFocus={!kanbanOnly}
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { readOnly: kanbanOnly } }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <TextField
              {...register("color")}
              type="color"
              label={t("tags.form.color")}
              sx={{ width: 120, flexShrink: 0 }}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { readOnly: kanbanOnly, tabIndex: kanbanOnly ? -1 : undefined, sx: { height: 28, p: 1, cursor: "pointer", pointerEvents: kanbanOnly ? "none" : undefined } },
              }}
            />
            <Box sx={{ minWidth: 0 }} aria-hidden>
              <TagChip name={preview || t("tags.form.preview")} color={watch("color")} />
            </Box>
          </Stack>
          {canSetKanban && (
            <Controller
              control={control}
              name="kanban"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
                  label={t("tags.form.kanban")}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(tagId === null ? "tags.dialog.add" : "tags.dialog.save")}
        </Button>
      </DialogActions>
    </Box>
  );
}
