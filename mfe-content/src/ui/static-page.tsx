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
      <footer className="c-article__footer">
        <p className="c-article__dates">
          Last updated <PublicationTime iso={view.updatedAt} />
        </p>
      </footer>
    </article>
  );
}
