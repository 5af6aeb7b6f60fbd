import { hrefFor } from "shell/contract/addresses";
import { DateForm } from "./date-form.tsx";
import { formatLongCalendarDate } from "shell/fragment-kit/dates";

/** Previous/next edition links and the "Go to date" form. */
export function EditionNavigation({
  previousDate,
  nextDate,
  date,
}: {
  previousDate: string | null;
  nextDate: string | null;
  /** The date the form starts on. */
  date: string;
}) {
  return (
    <nav className="p-nav" aria-label="Editions">
      <ul className="p-nav-links">
        <li>
          {previousDate ? (
            <a href={hrefFor("paper.edition", { date: previousDate })} rel="prev">
              <span aria-hidden="true">← </span>Previous edition
              <span className="p-nav-date">{formatLongCalendarDate(previousDate)}</span>
            </a>
          ) : (
            <span className="p-nav-none">No earlier edition</span>
          )}
        </li>
        <li>
          {nextDate ? (
            <a href={hrefFor("paper.edition", { date: nextDate })} rel="next">
              Next edition<span aria-hidden="true"> →</span>
              <span className="p-nav-date">{formatLongCalendarDate(nextDate)}</span>
            </a>
          ) : (
            <span className="p-nav-none">No later edition yet</span>
          )}
        </li>
      </ul>
      <DateForm date={date} />
    </nav>
  );
}
