import { type BusinessDay, DEFAULT_BUSINESS_HOURS, WEEKDAYS_EN, type WeekdayEn } from "@conversa/shared";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

interface WeeklyHoursEditorProps {
  /** The saved schedule; missing weekdays are shown with the defaults of spec admin §3. */
  value: readonly BusinessDay[];
  onChange: (value: BusinessDay[]) => void;
  disabled?: boolean;
}

/** The seven weekdays Monday first, each from `value` or from the defaults. */
export function completeWeek(value: readonly BusinessDay[]): BusinessDay[] {
  return WEEKDAYS_EN.map((weekdayEn) => {
    const saved = value.find((day) => day.weekdayEn.toLowerCase() === weekdayEn);
    const fallback = DEFAULT_BUSINESS_HOURS.find((day) => day.weekdayEn === weekdayEn);
    return { ...(fallback ?? { weekday: weekdayEn, startTime: "00:00", endTime: "00:00" }), ...saved, weekdayEn };
  });
}

/**
 * Weekly business hours: a start and an end time per weekday. It edits a local copy only; the
 * caller saves it. A day whose start equals its end is closed.
 */
export function WeeklyHoursEditor({ value, onChange, disabled = false }: WeeklyHoursEditorProps) {
  const { t } = useTranslation();
  const week = completeWeek(value);
  const change = (weekdayEn: WeekdayEn, field: "startTime" | "endTime", time: string) => {
    if (!/^\d{2}:\d{2}$/.test(time)) return;
    onChange(week.map((day) => (day.weekdayEn === weekdayEn ? { ...day, [field]: time } : day)));
  };
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {week.map((day) => {
        const weekdayEn = day.weekdayEn as WeekdayEn;
        const label = t(`weeklyHours.days.${weekdayEn}`);
        return (
          <Box key={weekdayEn} sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "160px 1fr 1fr 90px" }, gap: 1.5, alignItems: "center" }}>
            <Typography sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, fontWeight: 500 }}>{label}</Typography>
            <TextField
              type="time"
              size="small"
              label={t("weeklyHours.start")}
              value={day.startTime}
              disabled={disabled}
              onChange={(event) => change(weekdayEn, "startTime", event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "aria-label": `${label} ${t("weeklyHours.start")}`, step: 300 } }}
            />
            <TextField
              type="time"
              size="small"
              label={t("weeklyHours.end")}
              value={day.endTime}
              disabled={disabled}
              onChange={(event) => change(weekdayEn, "endTime", event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "aria-label": `${label} ${t("weeklyHours.end")}`, step: 300 } }}
            />
            <Box sx={{ display: { xs: "none", sm: "block" } }}>{day.startTime === day.endTime && <Chip size="small" label={t("weeklyHours.closed")} />}</Box>
          </Box>
        );
      })}
      <Typography variant="caption" color="text.secondary">
        {t("weeklyHours.hint")}
      </Typography>
    </Box>
  );
}
