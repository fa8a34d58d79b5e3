import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import type { ToolbarProps } from "react-big-calendar";
import { useTranslation } from "react-i18next";
import { CALENDAR_VIEWS, type CalendarView } from "../utils/calendar-range.ts";
import type { ScheduleEvent } from "../utils/schedule-events.ts";

const isCalendarView = (value: unknown): value is CalendarView => CALENDAR_VIEWS.some((view) => view === value);

/** The calendar's toolbar in the app's own controls: today, previous, next, the period and the view. */
export function CalendarToolbar({ label, view, onNavigate, onView }: ToolbarProps<ScheduleEvent>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1.5 }}>
      <Box role="group" aria-label={t("schedules.calendar.navigation")} sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <Button variant="outlined" size="small" onClick={() => onNavigate("TODAY")}>
          {t("schedules.calendar.today")}
        </Button>
        <IconButton size="small" aria-label={t("schedules.calendar.previous")} onClick={() => onNavigate("PREV")}>
          <ChevronLeft />
        </IconButton>
        <IconButton size="small" aria-label={t("schedules.calendar.next")} onClick={() => onNavigate("NEXT")}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Typography component="h2" variant="h6" aria-live="polite" sx={{ flex: "1 1 160px", textTransform: "capitalize", fontWeight: 600, minWidth: 0 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        aria-label={t("schedules.calendar.views")}
        onChange={(_event, next: unknown) => {
          if (isCalendarView(next)) onView(next);
        }}
      >
        {CALENDAR_VIEWS.map((option) => (
          <ToggleButton key={option} value={option}>
            {t(`schedules.calendar.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
