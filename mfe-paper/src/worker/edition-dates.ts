import { isCalendarDate } from "shell/fragment-kit/dates";

/**
 * The paper's own date rules: the months and weeks of its calendar. Edition dates are the kit's
 * calendar dates (`shell/fragment-kit/dates`: parsing, "today" in the publication's time zone,
 * wording); everything here is pure.
 */

const MONTH = /^\d{4}-\d{2}$/;

/** A strict `YYYY-MM` (month 01-12, year 0001 or later), or null. */
export function parseMonth(input: string): string | null {
  return MONTH.test(input) && isCalendarDate(`${input}-01`) ? input : null;
}

/** The days of a `YYYY-MM` month as dates, first to last. */
export function datesOfMonth(month: string): string[] {
  const dates: string[] = [];
  for (let day = 1; day <= 31; day++) {
    const date = `${month}-${String(day).padStart(2, "0")}`;
    if (!isCalendarDate(date)) break;
    dates.push(date);
  }
  return dates;
}

/** 0 for Monday ... 6 for Sunday: British calendars start the week on Monday. */
export function weekdayFromMonday(date: string): number {
  const day = new Date(0);
  const [year = 0, month = 1, dayOfMonth = 1] = date.split("-").map(Number);
  day.setUTCFullYear(year, month - 1, dayOfMonth);
  return (day.getUTCDay() + 6) % 7;
}
