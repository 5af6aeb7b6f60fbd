import { BodyBlocks } from "./body-blocks.tsx";
import type { StaticPageView } from "./content-views.ts";
import { PublicationTime } from "./publication-time.tsx";

export function StaticPage({ view }: { view: StaticPageView }) {
  return (
    <article className="c-page c-article c-static">
      <header className="c-article__header">
        <h1 className="c-article__headline">{view.title}</h1>
      </header>
      <BodyBlocks blocks={view.body} />
      {view.corrections ? (
        <section className="c-corrections c-corrections--all" aria-labelledby="all-corrections">
          <h2 id="all-corrections">Corrections we have made</h2>
          {view.corrections.items.length === 0 ? (
            <p>No corrections have been published yet.</p>
          ) : (
            <ul>
              {view.corrections.items.map((item) => (
                <li key={`${item.at}-${item.article.href}`}>
                  <PublicationTime iso={item.at} withTime />:{" "}
                  <a href={item.article.href}>{item.article.headline}</a>. {item.text}
                </li>
              ))}
            </ul>
          )}
          {view.corrections.olderHref ? (
            <p className="c-more">
              <a href={view.corrections.olderHref}>Older corrections</a>
            </p>
          ) : null}
        </section>
      ) : null}
      <footer className="c-article__footer">
        <p className="c-article__dates">
          Last updated <PublicationTime iso={view.updatedAt} />
        </p>
      </footer>
    </article>
  );
}
