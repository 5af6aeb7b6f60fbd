import { ContentImage } from "./content-image.tsx";
import type { AuthorsIndexView, TagsIndexView } from "./content-views.ts";

/** "1 article", "12 articles". */
function articleCount(count: number): string {
  return count === 1 ? "1 article" : `${count} articles`;
}

/** `/authors`: each author with a small portrait, their role and how much they have written. */
export function AuthorsIndexPage({ view }: { view: AuthorsIndexView }) {
  return (
    <div className="c-page c-listing c-index">
      <header className="c-listing__header">
        <h1 className="c-listing__title">Our authors</h1>
      </header>
      {view.authors.length === 0 ? (
        <p className="c-empty">No authors have published an article yet.</p>
      ) : (
        <ul className="c-index__list c-index__list--authors">
          {view.authors.map((author) => (
            <li key={author.href} className="c-index__author">
              {author.portrait ? (
                <ContentImage image={author.portrait} className="c-index__portrait" sizes="4rem" />
              ) : null}
              <p className="c-index__name">
                <a href={author.href}>{author.name}</a>
              </p>
              <p className="c-index__role">{author.title}</p>
              <p className="c-index__count">{articleCount(author.articleCount)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `/tags`: every topic, the most used first, with how many articles carry it. */
export function TagsIndexPage({ view }: { view: TagsIndexView }) {
  return (
    <div className="c-page c-listing c-index">
      <header className="c-listing__header">
        <h1 className="c-listing__title">All topics</h1>
      </header>
      {view.tags.length === 0 ? (
        <p className="c-empty">No topics yet.</p>
      ) : (
        <ul className="c-index__list c-index__list--tags">
          {view.tags.map((tag) => (
            <li key={tag.href}>
              <a href={tag.href}>{tag.name}</a>{" "}
              <span className="c-index__count">{articleCount(tag.articleCount)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
