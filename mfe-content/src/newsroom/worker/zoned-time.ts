import { calendarDateIn, parseCalendarDate } from "shell/fragment-kit/dates";

/**
 * Schedule times as the desk types them: a calendar date and a clock time in the
 * publication's time zone (`PUBLICATION_TIME_ZONE`), sent to the API as ISO with that zone's
 * offset at that moment (`2026-03-29T09:00:00+01:00`). Dates go through the kit's parser.
 */

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour") % 24,
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * `date` (`YYYY-MM-DD`) at `time` (`HH:MM`) in `timeZone`, as ISO with the offset, or null
 * when either is not a real date or time. A time the clocks skip (spring forward) is taken
 * at the offset after the change, as the wall clock then reads.
 */
export function zonedIso(date: string, time: string, timeZone: string): string | null {
  const day = parseCalendarDate(date.trim());
  const clock = TIME.exec(time.trim());
  if (day.kind !== "canonical" || !clock) return null;
  const [year = 0, month = 0, dayOfMonth = 0] = day.date.split("-").map(Number);
  const wall = Date.UTC(year, month - 1, dayOfMonth, Number(clock[1]), Number(clock[2]));
  // Two passes settle the offset of the instant that shows this wall time.
  let offset = offsetMinutes(new Date(wall), timeZone);
  offset = offsetMinutes(new Date(wall - offset * 60_000), timeZone);
  return `${day.date}T${clock[1]}:${clock[2]}:00${offsetText(offset)}`;
}

/** The date and time `instant` shows in `timeZone`, for the schedule fields. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string } {
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
  return { date: calendarDateIn(instant, timeZone), time };
}
