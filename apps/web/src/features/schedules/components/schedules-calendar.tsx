import "react-big-calendar/lib/css/react-big-calendar.css";
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useMemo } from "react";
import { Calendar } from "react-big-calendar";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { calendarFormats, calendarLocalizer, calendarMessages } from "../utils/calendar-localizer.ts";
import { CALENDAR_VIEWS, type CalendarView } from "../utils/calendar-range.ts";
import type { ScheduleEvent } from "../utils/schedule-events.ts";
import { CalendarToolbar } from "./calendar-toolbar.tsx";
import { calendarSx } from "./calendar-styles.ts";

const VIEWS = [...CALENDAR_VIEWS];
const isCalendarView = (value: unknown): value is CalendarView => CALENDAR_VIEWS.some((view) => view === value);
/** The time grid opens scrolled to the start of a working day. */
const SCROLL_TO = new Date(1970, 0, 1, 8);

interface SchedulesCalendarProps {
  events: ScheduleEvent[];
  date: Date;
  view: CalendarView;
  onNavigate: (date: Date) => void;
  onView: (view: CalendarView) => void;
  /** A free slot was clicked or selected: its start (a day at midnight in the month view). */
  onSelectSlot: (start: Date) => void;
  onSelectEvent: (scheduleId: number) => void;
}

/** The month, week and day calendar of the company's schedules (spec core §2), labelled in the interface language. */
export function SchedulesCalendar({ events, date, view, onNavigate, onView, onSelectSlot, onSelectEvent }: SchedulesCalendarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const language = currentLanguage();
  const compact = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const messages = useMemo(() => calendarMessages(t), [t]);
  const formats = useMemo(() => calendarFormats(compact), [compact]);
  return (
    <Box sx={{ ...calendarSx(theme), height: { xs: 620, md: "max(620px, calc(100dvh - 230px))" } }}>
      <Calendar<ScheduleEvent>
        localizer={calendarLocalizer}
        culture={language}
        events={events}
        date={date}
        view={view}
        views={VIEWS}
        onNavigate={(next) => onNavigate(next)}
        onView={(next) => {
          if (isCalendarView(next)) onView(next);
        }}
        selectable
        popup
        onSelectSlot={(slot) => onSelectSlot(slot.start)}
        onSelectEvent={(event) => onSelectEvent(event.id)}
        messages={messages}
        formats={formats}
        components={{ toolbar: CalendarToolbar }}
        eventPropGetter={(event) => ({ className: `schedule-event--${event.status}` })}
        tooltipAccessor={(event) =>
          t("schedules.eventTooltip", {
            date: formatDate(event.start, DATE_PATTERNS.dateTime, language),
            contact: event.schedule.contact.name,
            status: t(`schedules.status.${event.status}`),
          })
        }
        scrollToTime={SCROLL_TO}
        style={{ height: "100%" }}
      />
    </Box>
  );
}
