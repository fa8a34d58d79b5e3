/**
 * What pages use of the schedules feature. The schedule dialog is shared with the tickets page; the
 * calendar page imports `components/schedules-panel.tsx` itself, so that the calendar (and its
 * stylesheet) loads only with that page.
 */
export { ScheduleDialog, type ScheduleDialogProps } from "./components/schedule-dialog.tsx";
