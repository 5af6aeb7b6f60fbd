import { Fragment } from "react";
import { hrefFor } from "shell/contract/addresses";
import { formatCalendarDate } from "shell/fragment-kit/dates";
import { BodyBlocks } from "./body-blocks.tsx";
import { Figure } from "./content-image.tsx";
import type { ArticleView, LinkView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { PublicationTime } from "./publication-time.tsx";
import { ShareLinks } from "./share-links.tsx";
import { StoryList } from "./story-list.tsx";

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

/**
 * "Save for later" is a plain link: the account fragment's profile page with `?save=` asks the
 * reader to confirm (a form with its own CSRF token), or to log in first. The slug is the last segment
 * of the canonical URL.
 */
function SaveLink({ canonical }: { canonical: string }) {
  const slug = new URL(canonical).pathname.split("/").filter(Boolean).pop();
  if (!slug) return null;
  return (
    <p className="c-save">
      <a href={hrefFor("account.profile", {}, { save: slug })}>
        Save for later<span className="c-visually-hidden"> to your profile</span>
      </a>
    </p>
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
        <ShareLinks share={view.share} />
        <SaveLink canonical={view.share.canonical} />
      </header>
      {view.image ? <Figure image={view.image} priority /> : null}
      <BodyBlocks blocks={view.body} />
      <footer className="c-article__footer">
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
export function GonePage() {
  return (
    <article className="c-page c-article c-gone">
      <header className="c-article__header">
        <h1 className="c-article__headline">This article has been withdrawn</h1>
      </header>
      <p>
        The newsroom has taken this article down. If you followed a link to it, the rest of
        today&rsquo;s news is on the <a href={hrefFor("content.home")}>front page</a>.
      </p>
    </article>
  );
}
