import { hrefFor } from "shell/contract/addresses";
import { formatLongCalendarDate } from "shell/fragment-kit/dates";
import { PageStories } from "./front-page.tsx";
import type { NoPageView, PageLinkView, PrintPageView } from "./paper-view.ts";
import { noPageHeading, printPageHeading } from "./print-page-heading.ts";

function PageLink({ page, rel }: { page: PageLinkView | null; rel: "prev" | "next" }) {
  if (!page) {
    return (
      <span className="p-nav-none">{rel === "prev" ? "No earlier page" : "No later page"}</span>
    );
  }
  return rel === "prev" ? (
    <a href={page.href} rel="prev">
      <span aria-hidden="true">← </span>Previous page{" "}
      <span className="p-nav-date">{page.label}</span>
    </a>
  ) : (
    <a href={page.href} rel="next">
      Next page<span aria-hidden="true"> →</span> <span className="p-nav-date">{page.label}</span>
    </a>
  );
}

/** One printed page (`paper.page`): its stories in print order, the lead larger, page links. */
export function PrintPage({ view }: { view: PrintPageView }) {
  const editionHref = hrefFor("paper.edition", { date: view.date });
  return (
    <article className="p-edition p-print-page" aria-labelledby="p-edition-title">
      <header className="p-masthead">
        <h1 id="p-edition-title" className="p-title">
          {printPageHeading(view)}
        </h1>
        <p className="p-dateline">
          <a href={editionHref}>
            The whole paper for{" "}
            <time dateTime={view.date}>{formatLongCalendarDate(view.date)}</time>
          </a>
        </p>
      </header>
      <nav className="p-nav" aria-label="Pages">
        <ul className="p-nav-links">
          <li>
            <PageLink page={view.previousPage} rel="prev" />
          </li>
          <li>
            <PageLink page={view.nextPage} rel="next" />
          </li>
        </ul>
      </nav>
      {view.stories ? (
        <section className="p-front" aria-label={`Stories on page ${view.label}`}>
          <PageStories page={view.stories} level={2} />
        </section>
      ) : (
        <p className="p-empty">No stories on this page.</p>
      )}
    </article>
  );
}

/** A real edition without the page asked for (status 404): says so and links to the edition. */
export function NoPagePage({ view }: { view: NoPageView }) {
  const longDate = formatLongCalendarDate(view.date);
  return (
    <article className="p-edition p-no-edition" aria-labelledby="p-edition-title">
      <header className="p-masthead">
        <h1 id="p-edition-title" className="p-title">
          {noPageHeading(view.label, longDate)}
        </h1>
        <p className="p-no-paper">
          <a href={hrefFor("paper.edition", { date: view.date })}>
            See every page of the paper for <time dateTime={view.date}>{longDate}</time>
          </a>
        </p>
      </header>
    </article>
  );
}
