import { zodResolver } from "@hookform/resolvers/zod";
import { type FileList as FileListRecord } from "@conversa/shared";
import AttachFile from "@mui/icons-material/AttachFile";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import InsertDriveFile from "@mui/icons-material/InsertDriveFileOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent, saveAndClose } from "../../../components/list/index.ts";
import { showToast } from "../../../lib/toast.ts";
import { useFileList } from "../api/get-file-list.ts";
import { useSaveFileList } from "../api/save-file-list.ts";
import { type FileListFormValues, MAX_FILE_LIST_FILES, buildFileListFormSchema, fileListFormValues, toFileListBody } from "../utils/file-list-form.ts";
import { hookFormFields, translatedResolver } from "../../../lib/form-errors.ts";

interface FileListDialogProps {
  open: boolean;
  /** The list to edit; null adds a new one. */
  fileListId: number | null;
  onClose: () => void;
}

/** Add or edit a file list: name, message and its files (renamed, removed, or added and uploaded on save). */
export function FileListDialog({ open, fileListId, onClose }: FileListDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(fileListId === null ? "fileLists.dialog.addTitle" : "fileLists.dialog.editTitle")}</DialogTitle>
      {fileListId === null ? <FileListForm fileListId={null} list={undefined} onClose={onClose} /> : <EditFileList fileListId={fileListId} onClose={onClose} />}
    </Dialog>
  );
}

function EditFileList({ fileListId, onClose }: { fileListId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useFileList(fileListId);
  return (
    <RecordDialogContent query={list} loadFailed={t("fileLists.loadFailed")}>
      {(record) => <FileListForm fileListId={fileListId} list={record} onClose={onClose} />}
    </RecordDialogContent>
  );
}

interface FileListFormProps {
  fileListId: number | null;
  list: FileListRecord | undefined;
  onClose: () => void;
}

function FileListForm({ fileListId, list, onClose }: FileListFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildFileListFormSchema(t), [t]);
  const save = useSaveFileList();
  const input = useRef<HTMLInputElement>(null);
  const [newFiles, setNewFiles] = useState<File[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FileListFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: fileListFormValues(list) });
  const options = useFieldArray({ control, name: "options", keyName: "key" });
  const room = MAX_FILE_LIST_FILES - options.fields.length - newFiles.length;

  const addFiles = (chosen: globalThis.FileList | null) => {
    const picked = chosen ? Array.from(chosen) : [];
    if (picked.length > room) showToast(t("fileLists.form.tooMany", { count: MAX_FILE_LIST_FILES }), "warning");
    setNewFiles((current) => [...current, ...picked.slice(0, Math.max(room, 0))]);
  };

  const onSubmit = (values: FileListFormValues) => saveAndClose(() => save.mutateAsync({ id: fileListId, body: toFileListBody(values), files: newFiles }), t("list.saved"), onClose, hookFormFields({ getValues, setError }));

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField {...register("name")} label={t("fileLists.form.name")} required autoFocus fullWidth error={Boolean(errors.name)} helperText={errors.name?.message} />
          <TextField
            {...register("message")}
            label={t("fileLists.form.message")}
            required
            fullWidth
            multiline
            minRows={3}
            error={Boolean(errors.message)}
            helperText={errors.message?.message ?? t("fileLists.form.messageHint")}
          />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t("fileLists.form.files")}
            </Typography>
            <Stack spacing={1} role="list" aria-label={t("fileLists.form.files")}>
              {options.fields.length === 0 && newFiles.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t("fileLists.form.noFiles")}
                </Typography>
              )}
              {options.fields.map((field, index) => (
                <Stack key={field.key} role="listitem" direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <InsertDriveFile fontSize="small" color="action" />
                  <TextField
                    {...register(`options.${index}.name`)}
                    size="small"
                    fullWidth
                    label={t("fileLists.form.fileName")}
                    error={Boolean(errors.options?.[index]?.name)}
                    helperText={errors.options?.[index]?.name?.message}
                  />
                  <IconButton aria-label={t("fileLists.form.removeFile", { name: field.name })} onClick={() => options.remove(index)}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
              {newFiles.map((file, index) => (
                <Stack key={`${file.name}-${index}`} role="listitem" direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <AttachFile fontSize="small" color="primary" />
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                    {file.name}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {t("fileLists.form.toUpload")}
                    </Typography>
                  </Typography>
                  <IconButton aria-label={t("fileLists.form.removeFile", { name: file.name })} onClick={() => setNewFiles((current) => current.filter((_, i) => i !== index))}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              data-testid="file-list-files"
              onChange={(event) => {
                addFiles(event.target.files);
                event.target.value = "";
              }}
            />
            <Button sx={{ mt: 1.5 }} variant="outlined" startIcon={<AttachFile />} disabled={room <= 0 || isSubmitting} onClick={() => input.current?.click()}>
              {t("fileLists.form.addFiles")}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(fileListId === null ? "fileLists.dialog.add" : "fileLists.dialog.save")}
        </Button>
      </DialogActions>
    </Box>
  );
}
