import { DEFAULT_BUSINESS_HOURS } from "@conversa/shared";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { completeWeek, WeeklyHoursEditor } from "./weekly-hours-editor.tsx";
import "../lib/i18n.ts";

describe("completeWeek", () => {
  it("fills missing weekdays with the defaults, Monday first", () => {
    const week = completeWeek([{ weekday: "Domingo", weekdayEn: "sunday", startTime: "09:00", endTime: "13:00" }]);
    expect(week.map((d) => d.weekdayEn)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(week[0]).toEqual(DEFAULT_BUSINESS_HOURS[0]);
    expect(week[6]).toMatchObject({ startTime: "09:00", endTime: "13:00" });
  });
});

describe("WeeklyHoursEditor", () => {
  it("reports the whole week with the changed time", () => {
    const onChange = vi.fn();
    render(<WeeklyHoursEditor value={[]} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Sábado Fim"), { target: { value: "14:00" } });
    const week = onChange.mock.calls[0]?.[0];
    expect(week).toHaveLength(7);
    expect(week[5]).toMatchObject({ weekdayEn: "saturday", startTime: "08:00", endTime: "14:00" });
  });
});
