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

function partsInTimeZone(instant: Date, timeZone: string) {
  const formatter = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
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
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // Correct twice: the offset at the guess may differ from the offset at the answer near DST.
  let instant = midnightUtc - offsetMs(new Date(midnightUtc), timeZone);
  instant = midnightUtc - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
