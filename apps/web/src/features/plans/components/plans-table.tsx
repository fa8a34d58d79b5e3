import { PLAN_FLAGS, type Plan } from "@conversa/shared";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../../lib/bytes.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { formatMoney } from "../utils/plan-form.ts";

const MIB = 1024 * 1024;

interface PlansTableProps {
  plans: readonly Plan[];
  selectedId: number | null;
  onSelect: (plan: Plan) => void;
}

/** The installation's plans; a row (clicked, or Enter/Space on it) is loaded into the form above. */
export function PlansTable({ plans, selectedId, onSelect }: PlansTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const features = (plan: Plan) =>
    PLAN_FLAGS.filter((flag) => plan[flag])
      .map((flag) => t(`plans.flags.${flag}`))
      .join(", ") || t("plans.noFeatures");
  const onKeyDown = (plan: Plan) => (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onSelect(plan);
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t("plans.tableLabel")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("plans.columns.name")}</TableCell>
            <TableCell align="right">{t("plans.columns.users")}</TableCell>
            <TableCell align="right">{t("plans.columns.connections")}</TableCell>
            <TableCell align="right">{t("plans.columns.queues")}</TableCell>
            <TableCell align="right">{t("plans.columns.value")}</TableCell>
            <TableCell align="right">{t("plans.columns.storage")}</TableCell>
            <TableCell>{t("plans.columns.features")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plans.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} align="center" sx={{ color: "text.secondary" }}>
                {t("list.empty")}
              </TableCell>
            </TableRow>
          ) : (
            plans.map((plan) => (
              <TableRow
                key={plan.id}
                hover
                selected={plan.id === selectedId}
                tabIndex={0}
                aria-label={t("plans.selectRow", { name: plan.name })}
                aria-selected={plan.id === selectedId}
                onClick={() => onSelect(plan)}
                onKeyDown={onKeyDown(plan)}
                sx={{ cursor: "pointer" }}
              >
                <TableCell>{plan.name}</TableCell>
                <TableCell align="right">{plan.users}</TableCell>
                <TableCell align="right">{plan.connections}</TableCell>
                <TableCell align="right">{plan.queues}</TableCell>
                <TableCell align="right">{formatMoney(plan.value, language)}</TableCell>
                <TableCell align="right">{plan.storageQuotaMb === 0 ? t("plans.unlimited") : formatBytes(plan.storageQuotaMb * MIB, language)}</TableCell>
                <TableCell sx={{ color: "text.secondary" }}>{features(plan)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
