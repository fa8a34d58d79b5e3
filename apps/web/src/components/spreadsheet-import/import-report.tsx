import type { ContactImportReport } from "@conversa/shared";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

/** Rejected rows listed at most; the count tells the rest. */
const MAX_LISTED = 500;

interface ImportReportProps {
  report: ContactImportReport;
  /** "row" for spreadsheets (the sheet's row number), "position" for a phone's list. */
  rowLabel: "row" | "position";
}

/** What an import did: rows read, contacts created and updated, and each rejected row with its reason. */
export function ImportReport({ report, rowLabel }: ImportReportProps) {
  const { t } = useTranslation();
  const listed = report.rejected.slice(0, MAX_LISTED);
  return (
    <Stack spacing={2} aria-label={t("contacts.import.report.title")} role="region">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Chip label={t("contacts.import.report.total", { count: report.total })} />
        <Chip color="success" label={t("contacts.import.report.created", { count: report.created })} />
        <Chip color="info" label={t("contacts.import.report.updated", { count: report.updated })} />
        <Chip color={report.rejected.length > 0 ? "warning" : "default"} label={t("contacts.import.report.rejected", { count: report.rejected.length })} />
      </Stack>
      {listed.length > 0 && (
        <Box sx={{ maxHeight: 280, overflowY: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={t("contacts.import.report.rejectedRows")}>
            <TableHead>
              <TableRow>
                <TableCell>{t(rowLabel === "row" ? "contacts.import.report.row" : "contacts.import.report.position")}</TableCell>
                <TableCell>{t("contacts.columns.name")}</TableCell>
                <TableCell>{t("contacts.columns.number")}</TableCell>
                <TableCell>{t("contacts.import.report.reason")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {listed.map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell sx={{ maxWidth: 160, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{row.name}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{row.number}</TableCell>
                  <TableCell>{t(`contacts.import.reasons.${row.reason}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {report.rejected.length > MAX_LISTED && (
        <Typography variant="body2" color="text.secondary">
          {t("contacts.import.report.more", { count: report.rejected.length - MAX_LISTED })}
        </Typography>
      )}
    </Stack>
  );
}
