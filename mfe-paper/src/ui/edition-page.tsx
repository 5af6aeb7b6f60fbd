import { formatLongCalendarDate } from "shell/fragment-kit/dates";
import { EditionCalendar } from "./edition-calendar.tsx";
import { EditionContents } from "./edition-contents.tsx";
import { EditionNavigation } from "./edition-navigation.tsx";
import { FrontPage } from "./front-page.tsx";
import type { EditionView } from "./paper-view.ts";

function Masthead({ view }: { view: EditionView }) {
  const date = <time dateTime={view.date}>{formatLongCalendarDate(view.date)}</time>;
  if (view.mode === "dated") {
    return (
      <header className="p-masthead">
        <h1 id="p-edition-title" className="p-title">
          The paper for {date}
        </h1>
      </header>
    );
  }
  return (
    <header className="p-masthead">
      <h1 id="p-edition-title" className="p-title">
        Today&apos;s paper
      </h1>
      {view.mode === "today" ? (
        <p className="p-dateline">{date}</p>
      ) : (
        // Before today's edition is out (or on a day without one) the newest is shown,
        // and the page says plainly which day it is from.
        <p className="p-latest">The latest paper: {date}</p>
      )}
    </header>
  );
}

export function EditionPage({ view }: { view: EditionView }) {
  return (
    <article className="p-edition" aria-labelledby="p-edition-title">
      <Masthead view={view} />
      <EditionNavigation
        previousDate={view.previousDate}
        nextDate={view.nextDate}
        date={view.date}
      />
      <div className="p-layout">
        <div className="p-main">
          {view.frontPage ? (
            <FrontPage page={view.frontPage} date={view.date} />
          ) : (
            <p className="p-empty">This edition has no front page.</p>
          )}
          <EditionContents
            publicationName={view.publicationName}
            date={view.date}
            books={view.books}
          />
        </div>
        {view.calendar ? (
          <aside className="p-aside" aria-label="Find an edition">
            <EditionCalendar calendar={view.calendar} />
          </aside>
        ) : null}
      </div>
    </article>
  );
}
