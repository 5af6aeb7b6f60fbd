import { BodyBlocks } from "./body-blocks.tsx";
import type { StaticPageView } from "./content-views.ts";
import { formatDate } from "./date-format.ts";

export function StaticPage({ view }: { view: StaticPageView }) {
  return (
    <article className="c-page c-article c-static">
      <header className="c-article__header">
        <h1 className="c-article__headline">{view.title}</h1>
      </header>
      <BodyBlocks blocks={view.body} />
      <footer className="c-article__footer">
        <p className="c-article__dates">
          Last updated <time dateTime={view.updatedAt}>{formatDate(view.updatedAt)}</time>
        </p>
      </footer>
    </article>
  );
}
