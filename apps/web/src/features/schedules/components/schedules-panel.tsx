import { SCHEDULE_STATUSES } from "@conversa/shared";
import Add from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { setHours, setMinutes } from "date-fns";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../../components/page-container.tsx";
import { dateLocaleOf } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useSchedulesInRange } from "../api/list-schedules.ts";
import { useSchedulesLiveUpdates } from "../hooks/use-schedules-live-updates.ts";
import { type CalendarView, visibleRange } from "../utils/calendar-range.ts";
import { defaultSendAt } from "../utils/schedule-form.ts";
import { toScheduleEvents } from "../utils/schedule-events.ts";
import { statusColor } from "./calendar-styles.ts";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { SchedulesCalendar } from "./schedules-calendar.tsx";

interface DialogState {
  scheduleId: number | null;
  sendAt: Date | null;
}

function StatusLegend() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Box component="ul" aria-label={t("schedules.legend")} sx={{ display: "flex", flexWrap: "wrap", gap: 2, listStyle: "none", p: 0, m: 0, mb: 1.5 }}>
      {SCHEDULE_STATUSES.map((status) => (
        <Box component="li" key={status} sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
          <Box component="span" sx={{ width: 12, height: 12, borderRadius: "3px", bgcolor: statusColor(theme, status).main }} />
          <Typography variant="body2" color="text.secondary">
            {t(`schedules.status.${status}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The schedules page: the calendar of the company's schedules, kept live, and the schedule dialog. */
export function SchedulesPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [date, setDate] = useState(() => new Date());
  const [view, setView] = useState<CalendarView>("month");
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const range = useMemo(() => visibleRange(date, view, dateLocaleOf(language)), [date, view, language]);
  const schedules = useSchedulesInRange(range);
  useSchedulesLiveUpdates();
  const events = useMemo(() => toScheduleEvents(schedules.data ?? [], (contact, body) => t("schedules.eventTitle", { contact, body })), [schedules.data, t]);

  const openSlot = (start: Date) => {
    // A day of the month view starts at midnight: keep the default time of a new schedule on that day.
    const fallback = defaultSendAt();
    setDialog({ scheduleId: null, sendAt: view === "month" ? setMinutes(setHours(start, fallback.getHours()), fallback.getMinutes()) : start });
  };

  return (
    <PageContainer
      title={t("menu.schedules")}
      actions={
        compact ? (
          <Button variant="contained" aria-label={t("schedules.add")} sx={{ minWidth: 0, px: 1.25 }} onClick={() => setDialog({ scheduleId: null, sendAt: null })}>
            <Add />
          </Button>
        ) : (
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ scheduleId: null, sendAt: null })}>
            {t("schedules.add")}
          </Button>
        )
      }
    >
      <StatusLegend />
      {schedules.isError ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {t("schedules.loadFailed")}
        </Alert>
      ) : null}
      <Box sx={{ height: 4, mb: 0.5 }}>{schedules.isFetching ? <LinearProgress aria-label={t("common.loading")} /> : null}</Box>
      <SchedulesCalendar
        events={events}
        date={date}
        view={view}
        onNavigate={setDate}
        onView={setView}
        onSelectSlot={openSlot}
        onSelectEvent={(scheduleId) => setDialog({ scheduleId, sendAt: null })}
      />
      <ScheduleDialog open={dialog !== null} scheduleId={dialog?.scheduleId ?? null} sendAt={dialog?.sendAt ?? null} onClose={() => setDialog(null)} />
    </PageContainer>
  );
}
