/**
 * Dates are formatted the same way on the server and in the browser, or hydration would
 * mismatch: one fixed locale and time zone, and the wording assembled here from numeric
 * parts rather than left to each engine's locale data.
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

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function partsOf(iso: string): DateParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {};
  for (const part of londonParts.formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute } = parts;
  if (year === undefined || month === undefined || day === undefined) return null;
  return { year, month, day, hour: (hour ?? 0) % 24, minute: minute ?? 0 };
}

function dayMonthYear(year: number, month: number, day: number): string {
  return `${day} ${MONTHS[month - 1] ?? ""} ${year}`;
}

const two = (n: number): string => String(n).padStart(2, "0");

/** "21 November 2026" in London. */
export function formatDate(iso: string): string {
  const p = partsOf(iso);
  return p ? dayMonthYear(p.year, p.month, p.day) : iso;
}

/** "21 November 2026, 09:30" in London. */
export function formatDateTime(iso: string): string {
  const p = partsOf(iso);
  return p ? `${dayMonthYear(p.year, p.month, p.day)}, ${two(p.hour)}:${two(p.minute)}` : iso;
}

/** Edition dates are already calendar dates (`YYYY-MM-DD`) in the paper's time zone. */
export function formatEditionDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  return dayMonthYear(Number(match[1]), Number(match[2]), Number(match[3]));
}
