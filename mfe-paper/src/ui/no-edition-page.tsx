import { hrefFor } from "shell/contract/addresses";
import { DateForm } from "./date-form.tsx";
import { formatLongCalendarDate } from "shell/fragment-kit/dates";
import { EditionCalendar } from "./edition-calendar.tsx";
import { noEditionHeading } from "./no-edition-heading.ts";
import type { NoEditionView } from "./paper-view.ts";

/**
 * A real date without a paper (a Sunday, the future, before the archive): answered with a
 * 404 status, it says so (a later date's paper is "not yet published") and points to the
 * nearest editions either side.
 */
export function NoEditionPage({ view }: { view: NoEditionView }) {
  const longDate = formatLongCalendarDate(view.date);
  return (
    <article className="p-edition p-no-edition" aria-labelledby="p-edition-title">
      <header className="p-masthead">
        {/* The status is 404, but the heading says what happened, as the title does. */}
        <h1 id="p-edition-title" className="p-title">
          {noEditionHeading(view.isFuture, longDate)}
        </h1>
        <p className="p-no-paper">
          {view.isFuture ? "The paper for " : "There was no paper on "}
          <time dateTime={view.date}>{longDate}</time>
          {view.isFuture ? " has not been published yet." : "."}
        </p>
      </header>
      <nav className="p-nav" aria-label="Nearest editions">
        <ul className="p-nav-links">
          <li>
            {view.previousDate ? (
              <a href={hrefFor("paper.edition", { date: view.previousDate })}>
                <span aria-hidden="true">← </span>Nearest earlier edition
                <span className="p-nav-date">{formatLongCalendarDate(view.previousDate)}</span>
              </a>
            ) : (
              <span className="p-nav-none">No earlier edition: the archive starts later</span>
            )}
          </li>
          <li>
            {view.nextDate ? (
              <a href={hrefFor("paper.edition", { date: view.nextDate })}>
                Nearest later edition<span aria-hidden="true"> →</span>
                <span className="p-nav-date">{formatLongCalendarDate(view.nextDate)}</span>
              </a>
            ) : (
              <span className="p-nav-none">No later edition yet</span>
            )}
          </li>
        </ul>
        <DateForm date={view.date} />
      </nav>
      {view.calendar ? <EditionCalendar calendar={view.calendar} /> : null}
    </article>
  );
}
