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
  const today = dateInTimeZone(now, schedule.timeZone);
  return now.getTime() >= editionPublishedAt(today, schedule).getTime()
    ? today
    : addDays(today, -1);
}

/** The paper comes out Monday to Saturday; there is no Sunday paper. */
export function isPrintDay(date: string): boolean {
  return dayOfWeek(date) !== 0;
}
