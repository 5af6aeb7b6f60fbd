import type { ReactNode } from "react";
import { ContentImage } from "./content-image.tsx";
import type { PagingView, StoryCardView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { joinNames } from "./name-list.ts";
import { PublicationTime } from "./publication-time.tsx";

/** The kicker and headline every teaser of an article opens with (story cards, search results). */
export function StoryCardHeading({ story }: { story: StoryCardView }) {
  return (
    <>
      <p className="c-kicker">
        <a href={story.kicker.href}>{story.kicker.label}</a>
      </p>
      <h3 className="c-card__headline">
        <a href={story.href}>{story.headline}</a>
      </h3>
    </>
  );
}

/** The byline and date every teaser of an article ends with. */
export function StoryCardMeta({ story }: { story: StoryCardView }) {
  const byline = joinNames(story.authorNames);
  return (
    <p className="c-card__meta">
      {byline ? <span className="c-card__byline">{byline}</span> : null}
      <PublicationTime iso={story.publishedAt} />
    </p>
  );
}

export function StoryCard({ story, lead = false }: { story: StoryCardView; lead?: boolean }) {
  return (
    <article className={lead ? "c-card c-card--lead" : "c-card"}>
      {lead && story.image ? (
        <ContentImage image={story.image} priority className="c-card__image" />
      ) : null}
      <StoryCardHeading story={story} />
      <p className="c-card__standfirst">{story.standfirst}</p>
      <StoryCardMeta story={story} />
    </article>
  );
}

export function StoryList({ stories, empty }: { stories: StoryCardView[]; empty?: ReactNode }) {
  if (stories.length === 0) return <p className="c-empty">{empty ?? "No articles yet."}</p>;
  return (
    <ul className="c-story-grid">
      {stories.map((story) => (
        <li key={story.href}>
          <StoryCard story={story} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A section's or category's articles, under a heading only screen readers see: the first page
 * opens with the lead card, and an empty list is not announced after a lead.
 */
export function LatestStories({
  name,
  lead,
  stories,
}: {
  name: string;
  lead: StoryCardView | null;
  stories: StoryCardView[];
}) {
  return (
    <HeadedSection heading={`Latest from ${name}`} headingClassName="c-visually-hidden">
      {lead ? <StoryCard story={lead} lead /> : null}
      {lead && stories.length === 0 ? null : <StoryList stories={stories} />}
    </HeadedSection>
  );
}

/**
 * A listing's paging: "Newer articles" and "Older articles" when there are any, and "Latest"
 * (the first page) on any page reached with a cursor. Plain links, no script.
 */
export function Pagination({ paging }: { paging: PagingView }) {
  const links = (
    [
      [paging.latestHref, "Latest"],
      [paging.newerHref, "Newer articles", "prev"],
      [paging.olderHref, "Older articles", "next"],
    ] as const
  ).filter(([href]) => href !== null);
  if (links.length === 0) return null;
  return (
    <nav className="c-pagination" aria-label="More articles">
      {links.map(([href, label, rel]) => (
        <a key={label} href={href ?? undefined} rel={rel}>
          {label}
        </a>
      ))}
    </nav>
  );
}
