/**
 * Dates as the publication means them: a *calendar date* (`YYYY-MM-DD`) is a day in the
 * publication's time zone (`PUBLICATION_TIME_ZONE`, see publication.ts), and an *instant*
 * (an ISO timestamp from the API) is shown as the time in that zone.
 *
 * Runs in Workers and in browsers, so it is zod-free, and the server and the browser must
 * write the same text or hydration fails: the wording is assembled here from numeric parts
 * and English month and weekday names, never left to each engine's locale data, whose
 * punctuation differs between ICU versions (workerd writes "Saturday, 21 November 2026" in
 * en-GB, Node 24 "Saturday 21 November 2026"). Callers pass the clock and the zone; nothing
 * here reads either.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Sunday first, as `Date#getUTCDay` counts. */
const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// Making a formatter for a time zone costs far more than using one: one per zone per isolate.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/**
 * An instant's parts in a zone, remembered per isolate: `formatToParts` is the dearest step of a
 * listing page's render (a page shows the same few hundred articles' dates request after request).
 * Keyed by the exact millisecond, so nothing is approximated; emptied when full, so it stays small.
 */
const ZONED_PARTS_KEPT = 4_096;
const knownZonedParts = new Map<string, Readonly<ZonedParts>>();

function zonedParts(instant: Date, timeZone: string): Readonly<ZonedParts> | null {
  const time = instant.getTime();
  if (Number.isNaN(time)) return null;
  const key = `${time} ${timeZone}`;
  const known = knownZonedParts.get(key);
  if (known) return known;
  const parts = formattedZonedParts(instant, timeZone);
  if (!parts) return null;
  if (knownZonedParts.size >= ZONED_PARTS_KEPT) knownZonedParts.clear();
  knownZonedParts.set(key, parts);
  return parts;
}

function formattedZonedParts(instant: Date, timeZone: string): ZonedParts | null {
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute } = parts;
  if (year === undefined || month === undefined || day === undefined) return null;
  // Some engines write midnight as 24 even with h23.
  return { year, month, day, hour: (hour ?? 0) % 24, minute: minute ?? 0 };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

function isRealCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years < 100 literal.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return day <= lastDay.getUTCDate();
}

/** The calendar date (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = zonedParts(instant, timeZone);
  if (!parts) throw new RangeError("calendarDateIn: invalid date");
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

export type CalendarDateParse =
  | { kind: "canonical"; date: string }
  /** A real date written another way (`2026-1-5`); callers redirect to `date`. */
  | { kind: "non-canonical"; date: string }
  | { kind: "invalid" };

const LOOSE_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Reads a calendar date from an address or a form: real dates only, years 0001-9999. */
export function parseCalendarDate(input: string): CalendarDateParse {
  const match = LOOSE_DATE.exec(input);
  if (!match) return { kind: "invalid" };
  const [, y = "", m = "", d = ""] = match;
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  if (!isRealCalendarDate(year, month, day)) return { kind: "invalid" };
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return date === input ? { kind: "canonical", date } : { kind: "non-canonical", date };
}

/** True for a real date written exactly `YYYY-MM-DD`. */
export function isCalendarDate(input: string): boolean {
  return parseCalendarDate(input).kind === "canonical";
}

/** The numbers of a canonical calendar date, or null. */
function calendarParts(date: string): { year: number; month: number; day: number } | null {
  if (!isCalendarDate(date)) return null;
  const [year = 0, month = 0, day = 0] = date.split("-").map(Number);
  return { year, month, day };
}

function dayMonthYear(year: number, month: number, day: number): string {
  return `${day} ${MONTHS[month - 1] ?? ""} ${year}`;
}

function weekdayOf(year: number, month: number, day: number): string {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return WEEKDAYS[date.getUTCDay()] ?? "";
}

/** "21 November 2026" for `2026-11-21`; anything else is shown as it came. */
export function formatCalendarDate(date: string): string {
  const p = calendarParts(date);
  return p ? dayMonthYear(p.year, p.month, p.day) : date;
}

/** "Saturday 21 November 2026" for `2026-11-21` (an edition's long date, no comma). */
export function formatLongCalendarDate(date: string): string {
  const p = calendarParts(date);
  return p ? `${weekdayOf(p.year, p.month, p.day)} ${dayMonthYear(p.year, p.month, p.day)}` : date;
}

/** "November 2026" for `2026-11`; anything else is shown as it came. */
export function formatMonth(month: string): string {
  const p = calendarParts(`${month}-01`);
  return p ? `${MONTHS[p.month - 1] ?? ""} ${p.year}` : month;
}

/** "21 November 2026": the day an instant (ISO text) falls on in `timeZone`. */
export function formatInstantDate(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return p ? dayMonthYear(p.year, p.month, p.day) : iso;
}

/** "21 November 2026, 09:30": an article's date and time line, in `timeZone`. */
export function formatInstantDateTime(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return p ? `${dayMonthYear(p.year, p.month, p.day)}, ${pad(p.hour)}:${pad(p.minute)}` : iso;
}

let lastDateLine: { timeZone: string; minute: number; line: string } | null = null;

/**
 * The masthead's date line, "Sunday, 22 November 2026": today in `timeZone`. The comma is the
 * masthead's, as the Workers runtime's en-GB format wrote it before the kit; an edition's long
 * date has none. Every page asks for it (it is part of the edge cache key), so the last answer
 * is kept for its minute.
 */
export function formatDateLine(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDateLine?.timeZone === timeZone && lastDateLine.minute === minute) {
    return lastDateLine.line;
  }
  const p = calendarParts(calendarDateIn(now, timeZone));
  const line = p
    ? `${weekdayOf(p.year, p.month, p.day)}, ${dayMonthYear(p.year, p.month, p.day)}`
    : "";
  lastDateLine = { timeZone, minute, line };
  return line;
}
