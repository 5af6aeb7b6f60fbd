import { Fragment, lazy, Suspense } from "react";
import { formatCalendarDate } from "shell/fragment-kit/dates";
import { BodyBlocks } from "./body-blocks.tsx";
import { Figure } from "./content-image.tsx";
import type { ArticleView, GoneView, LinkView, SaveView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { PublicationTime } from "./publication-time.tsx";
import { ShareLinks } from "./share-links.tsx";
import { StoryList } from "./story-list.tsx";

// A chunk of its own (issue 16): only live articles load the live blog and its poller, so the
// ordinary article's JavaScript stays as it was (decision 0021).
const LiveBlog = lazy(() => import("./live-blog.tsx"));

function Byline({ authors }: { authors: LinkView[] }) {
  if (authors.length === 0) return null;
  return (
    <p className="c-byline">
      By{" "}
      {authors.map((author, index) => (
        <Fragment key={author.href}>
          {index === 0 ? "" : index === authors.length - 1 ? " and " : ", "}
          <a href={author.href} rel="author">
            {author.label}
          </a>
        </Fragment>
      ))}
    </p>
  );
}

/** Edits within a minute of publishing are not worth telling the reader about. */
function wasUpdated(publishedAt: string, updatedAt: string): boolean {
  return Date.parse(updatedAt) - Date.parse(publishedAt) > 60_000;
}

/** The hidden fields the account fragment's profile reads for a save or a removal. */
function SaveFields({ intent, save }: { intent: string; save: SaveView }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slug" value={save.slug} />
      <input type="hidden" name="next" value={save.next} />
    </>
  );
}

/**
 * "Save for later" in one step (issue 15): a form POST to the profile, which saves the article
 * and comes back here (or asks a reader who is not signed in to log in first). No CSRF field:
 * this page is the same cached page for every reader; the account fragment accepts these two
 * intents without one. A saved article says so, with a way to remove it.
 */
function SaveForm({ save }: { save: SaveView }) {
  const { action } = save;
  if (!save.saved) {
    return (
      <form className="c-save" method="post" action={action}>
        <SaveFields intent="save-article" save={save} />
        <button type="submit" className="c-save__button">
          Save for later
        </button>
      </form>
    );
  }
  return (
    <form className="c-save c-save--saved" method="post" action={action}>
      <SaveFields intent="remove-saved" save={save} />
      <span className="c-save__state">
        <span aria-hidden="true">✓ </span>Saved to your <a href={action}>profile</a>
      </span>
      <button type="submit" className="c-save__button">
        Remove from saved
      </button>
    </form>
  );
}

function Breadcrumbs({ section, category }: { section: LinkView; category: LinkView }) {
  return (
    <nav className="c-breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <a href={section.href}>{section.label}</a>
        </li>
        <li>
          <a href={category.href}>{category.label}</a>
        </li>
      </ol>
    </nav>
  );
}

export function ArticlePage({ view }: { view: ArticleView }) {
  return (
    <article className="c-page c-article">
      <header className="c-article__header">
        <Breadcrumbs section={view.section} category={view.category} />
        <h1 className="c-article__headline">{view.headline}</h1>
        <p className="c-article__standfirst">{view.standfirst}</p>
        <Byline authors={view.authors} />
        <p className="c-article__dates">
          <span>
            Published <PublicationTime iso={view.publishedAt} withTime />
          </span>
          {wasUpdated(view.publishedAt, view.updatedAt) ? (
            <span>
              Updated <PublicationTime iso={view.updatedAt} withTime />
            </span>
          ) : null}
          <span className="c-article__reading">{`${view.readingMinutes} min read`}</span>
        </p>
        <SaveForm save={view.save} />
      </header>
      {view.image ? <Figure image={view.image} priority /> : null}
      <BodyBlocks blocks={view.body} />
      {view.live ? (
        <Suspense>
          <LiveBlog live={view.live} />
        </Suspense>
      ) : null}
      <footer className="c-article__footer">
        {/* After the story, not above it: on a phone the share row pushed the story below the
            first screen (issue 15). */}
        <ShareLinks share={view.share} />
        {view.corrections.length > 0 ? (
          <section className="c-corrections" aria-labelledby="corrections-heading">
            <h2 id="corrections-heading">
              {view.corrections.length === 1 ? "Correction" : "Corrections"}
            </h2>
            <ul>
              {view.corrections.map((correction) => (
                <li key={`${correction.at}-${correction.text}`}>
                  <PublicationTime iso={correction.at} withTime />: {correction.text}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {view.print ? (
          <p className="c-print">
            In print:{" "}
            <a href={view.print.href}>
              {`page ${view.print.page}, ${formatCalendarDate(view.print.editionDate)}`}
            </a>
          </p>
        ) : null}
        {view.tags.length > 0 ? (
          <nav className="c-tags" aria-label="Topics">
            <ul>
              {view.tags.map((tag) => (
                <li key={tag.href}>
                  <a href={tag.href} rel="tag">
                    {tag.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {view.related.length > 0 ? (
          <HeadedSection heading="Related articles" className="c-related">
            <StoryList stories={view.related} />
          </HeadedSection>
        ) : null}
      </footer>
    </article>
  );
}

/** An article the newsroom has withdrawn (410): said plainly, with a way on. */
export function GonePage({ view }: { view: GoneView }) {
  return (
    <article className="c-page c-article c-gone">
      <header className="c-article__header">
        <h1 className="c-article__headline">This article has been withdrawn</h1>
      </header>
      <p>
        The newsroom has taken this article down. If you followed a link to it, the rest of
        today&rsquo;s news is on the <a href={view.homeHref}>front page</a>.
      </p>
    </article>
  );
}
