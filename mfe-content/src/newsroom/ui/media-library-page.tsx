import { PublicationTime } from "../../ui/publication-time.tsx";
import { fieldId } from "./form-bits.tsx";
import { MediaImage } from "./media-image.tsx";
import { MediaUploadForm } from "./media-upload-form.tsx";
import type { MediaLibraryView } from "./media-views.ts";

/**
 * `/newsroom/media` (issue 16): the photographs, newest first, as a grid of square thumbnails
 * that open each one; the upload form at the top; a GET search form and a "More" link, so it
 * works without JavaScript.
 */
export function MediaLibraryPage({ view }: { view: MediaLibraryView }) {
  const searchId = fieldId("media", "q");
  return (
    <div className="c-page c-nr c-nr-media">
      <h1>Photographs</h1>
      <MediaUploadForm view={view.upload} action={view.action} />
      <form method="get" action={view.action} role="search" className="c-nr-media__search">
        <div className="c-nr-field">
          <label htmlFor={searchId}>Search the photographs</label>
          <p className="c-nr-hint" id={`${searchId}-hint`}>
            Words from the alt text, caption or credit.
          </p>
          <input
            id={searchId}
            type="search"
            name="q"
            maxLength={200}
            defaultValue={view.query}
            aria-describedby={`${searchId}-hint`}
          />
        </div>
        <button type="submit">Search</button>
      </form>
      {view.problem ? (
        <p className="c-nr-problem" role="alert">
          {view.problem}
        </p>
      ) : null}
      {view.items.length > 0 ? (
        <ul className="c-nr-media__grid">
          {view.items.map((item) => (
            <li key={item.id}>
              <a href={item.href}>
                <MediaImage image={item.image} />
              </a>
              <p className="c-nr-media__alt">{item.image.alt}</p>
              <p className="c-nr-hint">
                {item.credit ? `${item.credit}, ` : ""}
                <PublicationTime iso={item.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      ) : view.problem ? null : (
        <p className="c-nr-media__empty">
          {view.query
            ? `No photographs match “${view.query}”. Try other words.`
            : "There are no photographs in the library yet."}
        </p>
      )}
      <p className="c-nr-order">
        {view.moreHref ? (
          <a href={view.moreHref} rel="next">
            More photographs
          </a>
        ) : null}
        {view.firstHref ? <a href={view.firstHref}>Back to the newest</a> : null}
      </p>
    </div>
  );
}
