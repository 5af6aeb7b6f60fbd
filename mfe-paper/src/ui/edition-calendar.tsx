import { hrefFor } from "shell/contract/addresses";
import type { CalendarDayView, CalendarView } from "./paper-view.ts";

const WEEKDAYS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

/** What a day without an edition says: a later day's paper is not out yet, not missing. */
function missingNote(day: CalendarDayView): string {
  return day.isFuture ? "not yet published" : "no paper";
}

function DayCell({ day }: { day: CalendarDayView }) {
  const classes = [
    "p-day",
    day.hasEdition ? "p-day-edition" : day.isFuture ? "p-day-future" : "p-day-none",
    day.isToday ? "p-day-today" : "",
    day.isSelected ? "p-day-selected" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const notes = [day.isToday ? "today" : "", day.isSelected ? "shown" : ""].filter(Boolean);
  const suffix = notes.length > 0 ? ` (${notes.join(", ")})` : "";
  return (
    <td className={classes}>
      {day.hasEdition ? (
        <a
          href={hrefFor("paper.edition", { date: day.date })}
          aria-label={`${day.label}${suffix}`}
          aria-current={day.isToday ? "date" : undefined}
        >
          {day.day}
        </a>
      ) : (
        <span aria-current={day.isToday ? "date" : undefined}>
          {day.day}
          <span className="p-visually-hidden">{`${suffix}, ${missingNote(day)}`}</span>
        </span>
      )}
    </td>
  );
}

/**
 * A month of editions as a table: days with a paper are links, today is marked, and the
 * month links are plain `?month=` links, so the calendar works without JavaScript.
 */
export function EditionCalendar({ calendar }: { calendar: CalendarView }) {
  return (
    <section className="p-calendar" aria-labelledby="p-calendar-title">
      <h2 id="p-calendar-title" className="p-section-title">
        Editions by date
      </h2>
      <table className="p-calendar-table">
        <caption>{calendar.title}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week, index) => (
            <tr key={week.find((day) => day)?.date ?? index}>
              {week.map((day, column) =>
                day ? <DayCell key={day.date} day={day} /> : <td key={`pad-${column}`} />,
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="p-months">
        <li>
          {calendar.previous ? (
            <a href={calendar.previous.href}>
              <span aria-hidden="true">← </span>
              <span className="p-visually-hidden">Previous month: </span>
              {calendar.previous.label}
            </a>
          ) : (
            <span className="p-nav-none">No earlier month</span>
          )}
        </li>
        <li>
          {calendar.next ? (
            <a href={calendar.next.href}>
              <span className="p-visually-hidden">Next month: </span>
              {calendar.next.label}
              <span aria-hidden="true"> →</span>
            </a>
          ) : (
            <span className="p-nav-none">No later month</span>
          )}
        </li>
      </ul>
    </section>
  );
}
