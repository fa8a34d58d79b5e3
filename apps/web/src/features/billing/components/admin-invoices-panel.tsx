import { type AdminInvoice, INVOICE_CANCEL_REASON_MIN, type InvoiceStatus } from "@conversa/shared";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { showToast, toastError } from "../../../lib/toast.ts";
import { useAdminInvoiceRecords, useCancelInvoice, useMarkInvoicePaid } from "../api/invoices.ts";
import { InvoicesTable } from "./invoices-table.tsx";

/** The super users' view of every company's invoices: mark one paid by hand (a bank transfer) or cancel it with a reason. */
export function AdminInvoicesPanel() {
  const { t } = useTranslation();
  const search = useListSearch();
  const [status, setStatus] = useState<InvoiceStatus | "">("");
  const list = useAdminInvoiceRecords(search.searchParam, status);
  const markPaid = useMarkInvoicePaid();
  const cancel = useCancelInvoice();
  const [toMark, setToMark] = useState<AdminInvoice | null>(null);
  const [toCancel, setToCancel] = useState<AdminInvoice | null>(null);
  const [reason, setReason] = useState("");
  const reasonTooShort = reason.trim().length < INVOICE_CANCEL_REASON_MIN;

  const run = async (action: () => Promise<unknown>, done: () => void) => {
    try {
      await action();
      showToast(t("billing.admin.done"), "success");
      done();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <ListToolbar search={search.input} onSearchChange={search.setInput}>
        <TextField select size="small" label={t("billing.columns.status")} value={status} onChange={(event) => setStatus(event.target.value as InvoiceStatus | "")} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t("billing.admin.allStatuses")}</MenuItem>
          <MenuItem value="open">{t("billing.status.open")}</MenuItem>
          <MenuItem value="paid">{t("billing.status.paid")}</MenuItem>
          <MenuItem value="cancelled">{t("billing.status.cancelled")}</MenuItem>
        </TextField>
      </ListToolbar>
      <InfiniteListArea hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} label={t("billing.admin.title")}>
        <InvoicesTable
          invoices={list.records}
          isLoading={list.isLoading}
          isError={list.isError}
          onRetry={list.refetch}
          showCompany
          action={(invoice) =>
            invoice.status === "open" ? (
              <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                <Button size="small" onClick={() => setToMark(invoice)}>
                  {t("billing.admin.markPaid")}
                </Button>
                <Button size="small" color="error" onClick={() => setToCancel(invoice)}>
                  {t("billing.admin.cancel")}
                </Button>
              </Stack>
            ) : null
          }
        />
      </InfiniteListArea>
      <ConfirmationDialog
        open={toMark !== null}
        title={t("billing.admin.markPaidTitle", { id: toMark?.id ?? "" })}
        message={t("billing.admin.markPaidMessage", { company: toMark?.companyName ?? "" })}
        confirmLabel={t("billing.admin.markPaid")}
        loading={markPaid.isPending}
        onConfirm={() => toMark && void run(() => markPaid.mutateAsync(toMark.id), () => setToMark(null))}
        onClose={() => setToMark(null)}
      />
      <Dialog open={toCancel !== null} onClose={() => setToCancel(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t("billing.admin.cancelTitle", { id: toCancel?.id ?? "" })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t("billing.admin.reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            helperText={t("billing.admin.reasonHint", { min: INVOICE_CANCEL_REASON_MIN })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToCancel(null)}>{t("common.close")}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={reasonTooShort || cancel.isPending}
            onClick={() =>
              toCancel &&
              void run(
                () => cancel.mutateAsync({ id: toCancel.id, reason }),
                () => {
                  setToCancel(null);
                  setReason("");
                },
              )
            }
          >
            {t("billing.admin.cancel")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
