import type { ScheduleStatus } from "@conversa/shared";
import { alpha, type Theme } from "@mui/material/styles";
import type { SystemStyleObject } from "@mui/system";

/** The colour of each status, in the calendar and its legend. */
export function statusColor(theme: Theme, status: ScheduleStatus): { main: string; contrastText: string } {
  if (status === "ENVIADA") return theme.palette.success;
  if (status === "ERRO") return theme.palette.error;
  return theme.palette.info;
}

/**
 * The calendar library's stylesheet drawn in the theme's colours, so that it reads well in light and
 * dark mode: borders, off-month days, today, the time grid, the "+N more" popup and the events.
 */
export function calendarSx(theme: Theme): SystemStyleObject<Theme> {
  const border = theme.palette.divider;
  const events = Object.fromEntries(
    (["PENDENTE", "ENVIADA", "ERRO"] as const).map((status) => {
      const color = statusColor(theme, status);
      return [`& .schedule-event--${status}`, { backgroundColor: color.main, color: color.contrastText }];
    }),
  );
  return {
    color: "text.primary",
    fontFamily: theme.typography.fontFamily,
    "& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view": { borderColor: border, backgroundColor: theme.palette.background.paper, borderRadius: 1, overflow: "hidden" },
    "& .rbc-header": { borderColor: border, py: 0.75, fontWeight: 600, textTransform: "capitalize", color: "text.secondary" },
    [[
      "& .rbc-header + .rbc-header",
      "& .rbc-day-bg + .rbc-day-bg",
      "& .rbc-month-row + .rbc-month-row",
      "& .rbc-time-header-content",
      "& .rbc-time-content",
      "& .rbc-time-content > * + * > *",
      "& .rbc-timeslot-group",
      "& .rbc-day-slot .rbc-time-slot",
      "& .rbc-time-header.rbc-overflowing",
      "& .rbc-time-view .rbc-row",
      "& .rbc-time-gutter",
      "& .rbc-agenda-view table.rbc-agenda-table",
      "& .rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td",
      "& .rbc-agenda-view table.rbc-agenda-table tbody > tr + tr",
      "& .rbc-agenda-view table.rbc-agenda-table thead > tr > th",
    ].join(", ")]: { borderColor: border },
    "& .rbc-off-range-bg": { backgroundColor: theme.palette.action.hover },
    "& .rbc-off-range": { color: "text.disabled" },
    "& .rbc-today": { backgroundColor: alpha(theme.palette.primary.main, theme.palette.mode === "dark" ? 0.06 : 0.08) },
    "& .rbc-date-cell.rbc-now": { fontWeight: 700, color: "primary.main" },
    "& .rbc-date-cell > button": { color: "inherit" },
    "& .rbc-label, & .rbc-time-gutter": { color: "text.secondary", fontSize: 12 },
    "& .rbc-current-time-indicator": { backgroundColor: theme.palette.error.main },
    "& .rbc-slot-selection, & .rbc-selected-cell": { backgroundColor: alpha(theme.palette.primary.main, 0.2) },
    "& .rbc-show-more": { color: "primary.main", backgroundColor: "transparent", fontWeight: 600 },
    "& .rbc-overlay": { backgroundColor: theme.palette.background.paper, border: `1px solid ${border}`, boxShadow: theme.shadows[8], borderRadius: 1 },
    "& .rbc-overlay-header": { borderColor: border, color: "text.secondary" },
    "& .rbc-event, & .rbc-day-slot .rbc-background-event": { borderRadius: 0.75, border: "none", px: 0.75, fontSize: 13 },
    // A schedule is a moment: in the time grid its time and title share one line, cut with an ellipsis.
    "& .rbc-day-slot .rbc-event": { border: `1px solid ${theme.palette.background.paper}`, flexFlow: "row nowrap", alignItems: "center", gap: 0.5, minHeight: 22 },
    "& .rbc-day-slot .rbc-event-label": { flex: "none", pr: 0 },
    "& .rbc-day-slot .rbc-event-content, & .rbc-event-content": { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", minWidth: 0, flex: "1 1 auto" },
    "& .rbc-event.rbc-selected": { filter: "brightness(0.88)" },
    "& .rbc-event:focus, & .rbc-event:focus-visible": { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 },
    "& .rbc-event-label": { fontWeight: 600 },
    ...events,
  };
}
