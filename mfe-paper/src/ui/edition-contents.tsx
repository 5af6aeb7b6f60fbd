import { hrefFor, printPageAnchor } from "shell/contract/addresses";
import { formatLongCalendarDate } from "shell/fragment-kit/dates";
import type { BookView } from "./paper-view.ts";

/** Every book and page of the edition in print order: the table of contents (and what prints). */
export function EditionContents({
  publicationName,
  date,
  books,
}: {
  publicationName: string;
  date: string;
  books: BookView[];
}) {
  return (
    <section className="p-contents" aria-labelledby="p-contents-title">
      <h2 id="p-contents-title" className="p-section-title">
        In this edition
      </h2>
      {/* Only on paper: the printed contents must say which day they are from. */}
      <p className="p-print-only">
        {publicationName}, {formatLongCalendarDate(date)}: contents
      </p>
      {books.map((book) => (
        <section key={book.letter} className="p-book" aria-labelledby={`p-book-${book.letter}`}>
          <h3 id={`p-book-${book.letter}`} className="p-book-title">
            <span className="p-book-letter">{book.letter}</span> {book.name}
          </h3>
          <ol className="p-pages">
            {book.pages.map((page) => (
              // The article's "In print: page B1" line links to this id (`#page-B1`).
              <li key={page.label} id={printPageAnchor(page.label)} className="p-page">
                <h4 className="p-page-label">
                  <a href={hrefFor("paper.page", { date, page: page.label })}>Page {page.label}</a>
                </h4>
                {page.placements.length === 0 ? (
                  <p className="p-empty">No stories on this page.</p>
                ) : (
                  <ul className="p-placements">
                    {page.placements.map((placement) => (
                      <li key={placement.path} className="p-placement">
                        <span className="p-placement-page">{placement.page}</span>
                        <a className="p-placement-headline" href={placement.path}>
                          {placement.printHeadline}
                        </a>
                        <p className="p-standfirst">{placement.standfirst}</p>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
