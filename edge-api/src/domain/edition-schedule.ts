import { addDays, dateInTimeZone, dayOfWeek, localTimeInTimeZone } from "./publication-dates.ts";

/**
 * When editions come out. An edition is named by its date in the publication's time zone and
 * becomes visible when the local clock of that date reaches the publish hour; the date never
 * moves with daylight saving because it is a calendar date, not an instant.
 */
export interface EditionSchedule {
  timeZone: string;
  /** Local hour (0-23) at which an edition of that date is published. */
  publishHour: number;
}

/** The instant the edition of `date` is published. */
export function editionPublishedAt(date: string, schedule: EditionSchedule): Date {
  return localTimeInTimeZone(date, schedule.publishHour, schedule.timeZone);
}

/**
 * The newest date whose edition may be shown at `now`: today in the publication's zone once
 * the publish hour has come, yesterday before that. Editions dated after it do not exist yet
 * as far as readers are concerned.
 */
export function newestPublishedDate(now: Date, schedule: EditionSchedule): string {
  // Asked on every article page and edition read; its three time zone conversions cost more
  // than the rest of such a read. The answer changes only at a local midnight or publish hour,
  // which fall on the start of a UTC minute (zone offsets are whole minutes), so it is kept for
  // the minute it was computed in.
  const minute = Math.floor(now.getTime() / 60_000);
  const key = `${schedule.timeZone} ${schedule.publishHour}`;
  const kept = newestDates.get(key);
  if (kept?.minute === minute) return kept.date;
  const today = dateInTimeZone(now, schedule.timeZone);
  const date =
    now.getTime() >= editionPublishedAt(today, schedule).getTime() ? today : addDays(today, -1);
  if (newestDates.size > 16) newestDates.clear();
  newestDates.set(key, { minute, date });
  return date;
}

/** The last answer of `newestPublishedDate` per schedule, with the UTC minute it holds for. */
const newestDates = new Map<string, { minute: number; date: string }>();

/** The paper comes out Monday to Saturday; there is no Sunday paper. */
export function isPrintDay(date: string): boolean {
  return dayOfWeek(date) !== 0;
}
