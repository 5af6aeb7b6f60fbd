import { ContentImage } from "./content-image.tsx";
import type { IndexView } from "./content-views.ts";

/**
 * `/authors` (each with a small lazy portrait, their role and article count) and `/tags` (each
 * with its count): one list, its words from the server.
 */
export function IndexPage({ view }: { view: IndexView }) {
  return (
    <div className="c-page c-listing c-index">
      <header className="c-listing__header">
        <h1 className="c-listing__title">{view.title}</h1>
      </header>
      {view.items.length === 0 ? (
        <p className="c-empty">{view.empty}</p>
      ) : (
        <ul className={`c-index__list c-index__list--${view.view}`}>
          {view.items.map((item) => (
            <li key={item.href} className="c-index__item">
              {item.portrait ? (
                <ContentImage image={item.portrait} className="c-index__portrait" />
              ) : null}
              <p className="c-index__name">
                <a href={item.href}>{item.name}</a>
              </p>
              {item.role ? <p className="c-index__role">{item.role}</p> : null}
              <p className="c-index__count">{item.count}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
