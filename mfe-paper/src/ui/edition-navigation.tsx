import { formatEditionDateLong } from "./edition-date-format.ts";
import type { EditionView } from "./paper-view.ts";

/** Previous/next edition links and a date picker that works without JavaScript (GET form). */
export function EditionNavigation({ view }: { view: EditionView }) {
  return (
    <nav className="p-nav" aria-label="Editions">
      <ul className="p-nav-links">
        <li>
          {view.previousDate ? (
            <a href={`/todays-paper/${view.previousDate}`} rel="prev">
              <span aria-hidden="true">← </span>Previous edition
              <span className="p-nav-date">{formatEditionDateLong(view.previousDate)}</span>
            </a>
          ) : (
            <span className="p-nav-none">No earlier edition</span>
          )}
        </li>
        <li>
          {view.nextDate ? (
            <a href={`/todays-paper/${view.nextDate}`} rel="next">
              Next edition<span aria-hidden="true"> →</span>
              <span className="p-nav-date">{formatEditionDateLong(view.nextDate)}</span>
            </a>
          ) : (
            <span className="p-nav-none">No later edition yet</span>
          )}
        </li>
      </ul>
      <form className="p-date-form" method="get" action="/todays-paper">
        <label htmlFor="p-date-input">Go to date</label>
        <input id="p-date-input" name="date" type="date" required defaultValue={view.date} />
        <button type="submit">Go</button>
      </form>
    </nav>
  );
}
