/**
 * Edition dates are calendar dates (`YYYY-MM-DD`) in the publication's time zone.
 * Everything here is pure: callers pass the clock and the time zone.
 */

export type EditionDateParse =
  | { kind: "canonical"; date: string }
  /** A real date written another way (`2026-1-5`); callers redirect to `date`. */
  | { kind: "non-canonical"; date: string }
  | { kind: "invalid" };

const LOOSE_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function isRealCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years < 100 literal.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return day <= lastDay.getUTCDate();
}

export function parseEditionDate(input: string): EditionDateParse {
  const match = LOOSE_DATE.exec(input);
  if (!match) return { kind: "invalid" };
  const [, y = "", m = "", d = ""] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (!isRealCalendarDate(year, month, day)) return { kind: "invalid" };
  const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return date === input ? { kind: "canonical", date } : { kind: "non-canonical", date };
}

/** The calendar date (`YYYY-MM-DD`) that `now` falls on in `timeZone`. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function calendarDateIn(now: Date, timeZone: string): string {
  // Making a formatter for a time zone costs far more than using one: one per zone per isolate.
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** A strict `YYYY-MM` (month 01-12, year 0001 or later), or null. */
export function parseMonth(input: string): string | null {
  const match = MONTH.exec(input);
  if (!match) return null;
  const [, y = "", m = ""] = match;
  return Number(y) >= 1 && Number(m) >= 1 && Number(m) <= 12 ? input : null;
}

/** The days of a `YYYY-MM` month as dates, first to last. */
export function datesOfMonth(month: string): string[] {
  const [year = 0, number = 0] = month.split("-").map(Number);
  const dates: string[] = [];
  for (let day = 1; isRealCalendarDate(year, number, day); day++) {
    dates.push(`${month}-${pad(day, 2)}`);
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
