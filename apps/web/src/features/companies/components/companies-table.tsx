import type { Company, CompanyListItem } from "@conversa/shared";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { type Theme, alpha } from "@mui/material/styles";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ListStateRows } from "../../../components/list/index.ts";
import { DATE_PATTERNS, formatDate, toDate } from "../../../lib/date.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { DUE_TONE_COLORS, type DueTone, daysToDueDate, dueDateTone } from "../utils/due-date-tone.ts";

const COLUMNS = 9;
/** Left out on phones and small tablets. */
const WIDE_ONLY = { display: { xs: "none", md: "table-cell" } } as const;

interface CompaniesTableProps {
  companies: readonly CompanyListItem[];
  selectedId: number | null;
  /** The moment the due dates are measured from. */
  now: Date;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onSelect: (company: Company) => void;
}

/**
 * A tinted row: the tint over the paper (hovered or selected a little stronger), so that the text keeps
 * the theme's colour and reads in light and dark mode; the selected row also gets a bar on its left.
 */
function toneSx(tone: DueTone | null, selected: boolean) {
  return (theme: Theme) => {
    const tint = (strength: number) => (tone ? alpha(DUE_TONE_COLORS[tone], strength + (theme.palette.mode === "dark" ? 0.02 : 0)) : undefined);
    return {
      cursor: "pointer",
      ...(tone ? { bgcolor: tint(0.28), "&:hover, &.Mui-selected": { bgcolor: tint(0.38) }, "&.Mui-selected:hover": { bgcolor: tint(0.44) } } : {}),
      ...(selected ? { boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}` } : {}),
    };
  };
}

/** The installation's companies; a row (clicked, or Enter/Space on it) is loaded into the form above. Rows are tinted by the days to the due date. */
export function CompaniesTable({ companies, selectedId, now, isLoading, isError, onRetry, onSelect }: CompaniesTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const onKeyDown = (company: Company) => (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onSelect(company);
  };
  const storageText = ({ usedBytes, quotaBytes }: CompanyListItem["storage"]) =>
    quotaBytes === null
      ? t("storage.unlimited", { used: formatBytes(usedBytes, language) })
      : t("storage.usage", { used: formatBytes(usedBytes, language), quota: formatBytes(quotaBytes, language) });
  const dueText = (days: number) => (days === 0 ? t("companies.due.today") : days > 0 ? t("companies.due.inDays", { count: days }) : t("companies.due.overdue", { count: -days }));

  return (
    <Table size="small" stickyHeader aria-label={t("companies.tableLabel")} sx={{ "& .MuiTableCell-root": { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t("companies.columns.name")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("companies.columns.email")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("companies.columns.phone")}</TableCell>
          <TableCell>{t("companies.columns.plan")}</TableCell>
          <TableCell>{t("companies.columns.status")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("companies.columns.campaigns")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("companies.columns.createdAt")}</TableCell>
          <TableCell>{t("companies.columns.dueDate")}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t("companies.columns.storage")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && companies.length === 0} onRetry={onRetry} />
        {companies.map((company) => {
          const due = toDate(company.dueDate);
          const days = due ? daysToDueDate(due, now) : null;
          const tone = dueDateTone(days);
          const selected = company.id === selectedId;
          return (
            <TableRow
              key={company.id}
              hover={!tone}
              selected={selected}
              tabIndex={0}
              aria-label={t("companies.selectRow", { name: company.name })}
              aria-selected={selected}
              data-due-tone={tone ?? "none"}
              onClick={() => onSelect(company)}
              onKeyDown={onKeyDown(company)}
              sx={toneSx(tone, selected)}
            >
              <TableCell sx={{ fontWeight: 500, maxWidth: 240, overflowWrap: "anywhere" }}>{company.name}</TableCell>
              <TableCell sx={{ ...WIDE_ONLY, overflowWrap: "anywhere" }}>{company.email}</TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: "nowrap" }}>{company.phone}</TableCell>
              <TableCell>{company.plan?.name ?? t("companies.noPlan")}</TableCell>
              <TableCell>{t(company.status ? "companies.status.active" : "companies.status.inactive")}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t(company.campaignsEnabled ? "companies.campaigns.on" : "companies.campaigns.off")}</TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: "nowrap" }}>{formatDate(company.createdAt, DATE_PATTERNS.dateTime, language)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                {formatDate(company.dueDate, DATE_PATTERNS.dateTime, language)}
                {tone && days !== null && (
                  <Typography variant="caption" component="span" sx={{ display: "block", color: "text.secondary" }}>
                    {dueText(days)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: "nowrap" }}>{storageText(company.storage)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
