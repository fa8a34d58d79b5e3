import type { AdminInvoice, Invoice } from "@conversa/shared";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { alpha } from "@mui/material/styles";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListStateRows, RowActionsCell } from "../../../components/list/index.ts";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { formatMoney } from "../../../lib/money.ts";
import { invoiceDisplayStatus } from "../utils/invoice-status.ts";

interface InvoicesTableProps<T extends Invoice> {
  invoices: readonly T[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The super users' view adds the company's column. */
  showCompany?: boolean;
  /** The Acao cell of a row. */
  action: (invoice: T) => ReactNode;
}

const STATUS_COLOR = { paid: "success", overdue: "error", open: "warning", cancelled: "default" } as const;

/** The invoices (spec admin §2): Id, Detalhes, Valor, Data Venc., Status, Acao; an overdue row is tinted red. */
export function InvoicesTable<T extends Invoice>({ invoices, isLoading, isError, onRetry, showCompany = false, action }: InvoicesTableProps<T>) {
  const { t, i18n } = useTranslation();
  const columns = showCompany ? 7 : 6;
  return (
    <Table size="small" stickyHeader aria-label={t("billing.title")}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 70 }}>{t("billing.columns.id")}</TableCell>
          {showCompany && <TableCell>{t("billing.columns.company")}</TableCell>}
          <TableCell>{t("billing.columns.detail")}</TableCell>
          <TableCell align="right">{t("billing.columns.value")}</TableCell>
          <TableCell>{t("billing.columns.dueDate")}</TableCell>
          <TableCell>{t("billing.columns.status")}</TableCell>
          <TableCell align="right">{t("billing.columns.action")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={columns} isLoading={isLoading} isError={isError} isEmpty={!isLoading && invoices.length === 0} onRetry={onRetry} />
        {invoices.map((invoice) => {
          const status = invoiceDisplayStatus(invoice);
          return (
            <TableRow
              key={invoice.id}
              hover
              data-invoice-id={invoice.id}
              data-status={status}
              sx={status === "overdue" ? { bgcolor: (theme) => alpha(theme.palette.error.main, theme.palette.mode === "dark" ? 0.25 : 0.12) } : undefined}
            >
              <TableCell>{invoice.id}</TableCell>
              {showCompany && <TableCell>{(invoice as unknown as AdminInvoice).companyName}</TableCell>}
              <TableCell>
                {invoice.detail}
                {invoice.cancelReason ? ` — ${t("billing.cancelledBecause", { reason: invoice.cancelReason })}` : ""}
              </TableCell>
              <TableCell align="right">{formatMoney(invoice.value, i18n.language)}</TableCell>
              <TableCell>{formatDate(invoice.dueDate, DATE_PATTERNS.day, currentLanguage())}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOR[status]} label={t(`billing.status.${status}`)} />
              </TableCell>
              <RowActionsCell>{action(invoice)}</RowActionsCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** PAGAR on an unpaid row, PAGO on a paid one (spec admin §2). */
export function PayAction({ invoice, onPay }: { invoice: Invoice; onPay: (invoice: Invoice) => void }) {
  const { t } = useTranslation();
  if (invoice.status === "paid") {
    return (
      <Button size="small" variant="outlined" color="success" disabled>
        {t("billing.paid")}
      </Button>
    );
  }
  if (invoice.status === "cancelled") return null;
  return (
    <Button size="small" variant="contained" onClick={() => onPay(invoice)}>
      {t("billing.pay")}
    </Button>
  );
}
