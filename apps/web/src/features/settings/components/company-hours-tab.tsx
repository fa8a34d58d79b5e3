import type { BusinessDay, CompanyDetail } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../../components/page-loader.tsx";
import { WeeklyHoursEditor, completeWeek } from "../../../components/weekly-hours-editor.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useCompanyDetail, useSaveCompanySchedules } from "../api/company-hours.ts";

interface CompanyHoursTabProps {
  companyId: number;
  canEdit: boolean;
}

/** The Horarios tab (spec admin §2): the company's weekly business hours, edited locally and saved with a button. */
export function CompanyHoursTab({ companyId, canEdit }: CompanyHoursTabProps) {
  const { t } = useTranslation();
  const company = useCompanyDetail(companyId);
  if (company.isPending) return <PageLoader />;
  if (!company.data) return <Alert severity="error">{t("settings.hours.loadFailed")}</Alert>;
  return <HoursForm company={company.data} canEdit={canEdit} />;
}

function HoursForm({ company, canEdit }: { company: CompanyDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCompanySchedules();
  const [week, setWeek] = useState<BusinessDay[]>(() => completeWeek(company.schedules));

  const submit = () =>
    save.mutate(
      { companyId: company.id, schedules: completeWeek(week) },
      {
        onSuccess: (saved) => {
          setWeek(completeWeek(saved.schedules));
          showToast(t("list.saved"), "success");
        },
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t("settings.hours.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {t("settings.hours.description", { timezone: company.timezone })}
      </Typography>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("settings.readOnly")}
        </Alert>
      )}
      <WeeklyHoursEditor value={week} onChange={setWeek} disabled={!canEdit || save.isPending} />
      {canEdit && (
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 3 }}>
          <Button variant="contained" loading={save.isPending} onClick={submit}>
            {t("settings.hours.save")}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
