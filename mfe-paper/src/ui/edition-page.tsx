import { formatEditionDateLong } from "./edition-date-format.ts";
import { EditionContents } from "./edition-contents.tsx";
import { EditionNavigation } from "./edition-navigation.tsx";
import { FrontPage } from "./front-page.tsx";
import type { EditionView } from "./paper-view.ts";

export function EditionPage({ view }: { view: EditionView }) {
  const longDate = formatEditionDateLong(view.date);
  return (
    <article className="p-edition" aria-labelledby="p-edition-title">
      <header className="p-masthead">
        {view.mode === "today" ? (
          <>
            <h1 id="p-edition-title" className="p-title">
              Today&apos;s paper
            </h1>
            <p className="p-dateline">
              <time dateTime={view.date}>{longDate}</time>
            </p>
          </>
        ) : (
          <h1 id="p-edition-title" className="p-title">
            The paper for <time dateTime={view.date}>{longDate}</time>
          </h1>
        )}
      </header>
      <EditionNavigation view={view} />
      {view.frontPage ? (
        <FrontPage page={view.frontPage} />
      ) : (
        <p className="p-empty">This edition has no front page.</p>
      )}
      <EditionContents books={view.books} />
    </article>
  );
}
