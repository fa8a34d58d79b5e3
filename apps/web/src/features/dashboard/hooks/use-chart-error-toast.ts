import { TIMINGS } from "@conversa/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../lib/toast.ts";

/** Shows 'Erro ao obter informações da conversa' each time a chart's query fails (spec core §8). */
export function useChartErrorToast(query: { isError: boolean; errorUpdatedAt: number }): void {
  const { t } = useTranslation();
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) showToast(t("dashboard.charts.loadError"), "error", TIMINGS.errorToastMs);
  }, [isError, errorUpdatedAt, t]);
}
