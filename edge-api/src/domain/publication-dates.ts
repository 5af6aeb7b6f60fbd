/**
 * Calendar arithmetic for edition dates (`YYYY-MM-DD` in the publication's time zone).
 * Pure and runtime-neutral: used by the worker and by the seed generator under Node.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True only for a strictly formatted date that exists on the calendar (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

// Making a formatter for a time zone costs far more than using one: one per zone per isolate.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsInTimeZone(instant: Date, timeZone: string) {
  const formatter = formatterFor(timeZone);
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar date an instant falls on in `timeZone`. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  const { year, month, day } = partsInTimeZone(instant, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = partsInTimeZone(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar date begins in `timeZone` (midnight local time). */
export function startOfDateInTimeZone(date: string, timeZone: string): Date {
  return localTimeInTimeZone(date, 0, timeZone);
}

/**
 * The instant the wall clock in `timeZone` shows `hour`:00 on `date`. Computed from the wall
 * clock, not as midnight plus hours, so 05:00 stays 05:00 on the days the clocks change.
 */
export function localTimeInTimeZone(date: string, hour: number, timeZone: string): Date {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new RangeError(`Not an hour: ${hour}`);
  const wallClockUtc = Date.parse(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
  // Correct twice: the offset at the guess may differ from the offset at the answer near DST.
  let instant = wallClockUtc - offsetMs(new Date(wallClockUtc), timeZone);
  instant = wallClockUtc - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

/** True only for a strictly formatted month (`YYYY-MM`, 01-12, year 0001 or later). */
export function isCalendarMonth(value: string): boolean {
  const match = MONTH_PATTERN.exec(value);
  if (!match) return false;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 1 && month >= 1 && month <= 12;
}

/** First and last date of a `YYYY-MM` month. */
export function monthBounds(month: string): { first: string; last: string } {
  if (!isCalendarMonth(month)) throw new RangeError(`Not a calendar month: ${month}`);
  const [year = 0, number = 0] = month.split("-").map(Number);
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(2000, number, 0));
  lastDay.setUTCFullYear(year, number, 0);
  return {
    first: `${month}-01`,
    last: `${month}-${String(lastDay.getUTCDate()).padStart(2, "0")}`,
  };
}

/** Day of the week of a calendar date: 0 Sunday ... 6 Saturday (as `Date#getUTCDay`). */
export function dayOfWeek(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
