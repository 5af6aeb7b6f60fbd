import type { EditionCalendarResponse } from "edge-api/contract/content";
import { formatLongCalendarDate, formatMonth } from "shell/fragment-kit/dates";
import type { CalendarDayView, CalendarView, MonthLinkView } from "../ui/paper-view.ts";
import { datesOfMonth, weekdayFromMonday } from "./edition-dates.ts";

/** Shapes a month of edition dates into the weeks of a printed calendar (pure). */
export function toCalendarView(
  calendar: EditionCalendarResponse,
  context: {
    /** Today in the publication's time zone. */
    today: string;
    /** The date the page is about. */
    selected: string;
    /** The address of this page showing `month` (`?month=`): month links keep the reader here. */
    monthHref: (month: string) => string;
  },
): CalendarView {
  const withEdition = new Set(calendar.dates);
  const days: (CalendarDayView | null)[] = [];
  const dates = datesOfMonth(calendar.month);
  const first = dates[0];
  for (let pad = first ? weekdayFromMonday(first) : 0; pad > 0; pad--) days.push(null);
  for (const date of dates) {
    days.push({
      date,
      day: Number(date.slice(8)),
      label: formatLongCalendarDate(date),
      hasEdition: withEdition.has(date),
      isToday: date === context.today,
      // Calendar dates in YYYY-MM-DD compare as strings.
      isFuture: date > context.today,
      isSelected: date === context.selected,
    });
  }
  while (days.length % 7 !== 0) days.push(null);
  const weeks: (CalendarDayView | null)[][] = [];
  for (let start = 0; start < days.length; start += 7) weeks.push(days.slice(start, start + 7));
  const link = (month: string | null): MonthLinkView | null =>
    month ? { month, label: formatMonth(month), href: context.monthHref(month) } : null;
  return {
    month: calendar.month,
    title: formatMonth(calendar.month),
    weeks,
    previous: link(calendar.previousMonth),
    next: link(calendar.nextMonth),
  };
}
