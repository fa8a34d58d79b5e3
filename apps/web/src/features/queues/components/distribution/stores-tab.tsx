import type { Store } from "@conversa/shared";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import AddIcon from "@mui/icons-material/Add";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../../components/confirmation-dialog.tsx";
import { EditDeleteActions, ListStateRows, RowActionsCell } from "../../../../components/list/index.ts";
import { showFormError, stateFormFields } from "../../../../lib/form-errors.ts";
import { showToast } from "../../../../lib/toast.ts";
import { useDeleteStore, useSaveStore, useStores } from "../../api/stores.ts";

/** The stores tab (spec admin §2): add, edit, delete with confirmation. */
export function StoresTab() {
  const { t } = useTranslation();
  const stores = useStores();
  const deletion = useDeleteStore();
  const [editing, setEditing] = useState<Store | "new" | null>(null);
  const [toDelete, setToDelete] = useState<Store | null>(null);

  useEffect(() => {
    if (stores.isError) showToast(t("distribution.toasts.loadFailed"), "error");
  }, [stores.isError, t]);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => {
        showToast(t("distribution.stores.deleted"), "success");
        setToDelete(null);
      },
      onError: () => showToast(t("distribution.toasts.deleteStoreFailed"), "error"),
    });
  };

  return (
    <>
      <Stack direction="row" sx={{ mb: 2, justifyContent: "flex-end" }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
          {t("distribution.stores.add")}
        </Button>
      </Stack>
      <Table size="small" aria-label={t("distribution.tabs.stores")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("distribution.stores.name")}</TableCell>
            <TableCell>{t("distribution.stores.status")}</TableCell>
            <TableCell align="center">{t("distribution.stores.rules")}</TableCell>
            <TableCell align="center">{t("distribution.stores.queues")}</TableCell>
            <TableCell align="right">{t("list.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <ListStateRows columns={5} isLoading={stores.isPending} isError={stores.isError} isEmpty={stores.data?.length === 0} onRetry={() => void stores.refetch()} />
          {(stores.data ?? []).map((store) => (
            <TableRow key={store.id} hover data-store-id={store.id}>
              <TableCell sx={{ fontWeight: 500 }}>{store.name}</TableCell>
              <TableCell>
                <Chip size="small" color={store.active ? "success" : "default"} label={t(store.active ? "distribution.stores.active" : "distribution.stores.inactive")} />
              </TableCell>
              <TableCell align="center">{store.rulesCount}</TableCell>
              <TableCell align="center">{store.queuesCount}</TableCell>
              <RowActionsCell>
                <EditDeleteActions subject={store.name} onEdit={() => setEditing(store)} onDelete={() => setToDelete(store)} />
              </RowActionsCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing !== null ? <StoreDialog store={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t("distribution.stores.confirmDelete", { name: toDelete?.name ?? "" })}
        message={t("distribution.stores.confirmDeleteMessage")}
        confirmLabel={t("distribution.delete")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

function StoreDialog({ store, onClose }: { store: Store | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveStore();
  const [name, setName] = useState(store?.name ?? "");
  const [active, setActive] = useState(store?.active ?? true);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 2) return setNameError(t("queues.validation.tooShort"));
    if (trimmed.length > 100) return setNameError(t("queues.validation.tooLong"));
    save.mutate(
      { id: store?.id ?? null, body: { name: trimmed, active } },
      {
        onSuccess: () => {
          showToast(t("distribution.saved"), "success");
          onClose();
        },
        onError: (error) => showFormError(error, stateFormFields(["name"], (_field, message) => setNameError(message))),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(store ? "distribution.stores.editTitle" : "distribution.stores.addTitle")}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2}>
            <TextField
              label={t("distribution.stores.name")}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              required
              autoFocus
              error={nameError !== null}
              helperText={nameError}
            />
            <FormControlLabel control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />} label={t("distribution.stores.activeLabel")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t("distribution.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
