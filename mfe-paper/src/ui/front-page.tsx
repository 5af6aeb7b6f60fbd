import type { FrontPageView } from "./paper-view.ts";

/** Page 1 of book A laid out as a front page: the lead story big, the rest in columns. */
export function FrontPage({ page }: { page: FrontPageView }) {
  return (
    <section className="p-front" aria-labelledby="p-front-title">
      <h2 id="p-front-title" className="p-section-title">
        Front page <span className="p-page-label">{page.label}</span>
      </h2>
      <div className="p-front-grid">
        <article className="p-lead">
          <p className="p-kicker">{page.lead.sectionName}</p>
          <h3 className="p-lead-headline">
            <a href={page.lead.path}>{page.lead.printHeadline}</a>
          </h3>
          <p className="p-lead-standfirst">{page.lead.standfirst}</p>
        </article>
        {page.columns.length > 0 && (
          <ul className="p-columns">
            {page.columns.map((placement) => (
              <li key={placement.path} className="p-column-story">
                <p className="p-kicker">{placement.sectionName}</p>
                <h3 className="p-column-headline">
                  <a href={placement.path}>{placement.printHeadline}</a>
                </h3>
                <p className="p-standfirst">{placement.standfirst}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
