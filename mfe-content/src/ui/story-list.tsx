import type { ReactNode } from "react";
import { ContentImage } from "./content-image.tsx";
import type { StoryCardView } from "./content-views.ts";
import { joinNames } from "./name-list.ts";
import { PublicationTime } from "./publication-time.tsx";

export function StoryCard({ story, lead = false }: { story: StoryCardView; lead?: boolean }) {
  const byline = joinNames(story.authorNames);
  return (
    <article className={lead ? "c-card c-card--lead" : "c-card"}>
      {lead && story.image ? (
        <ContentImage image={story.image} priority className="c-card__image" />
      ) : null}
      <p className="c-kicker">
        <a href={story.kicker.href}>{story.kicker.label}</a>
      </p>
      <h3 className="c-card__headline">
        <a href={story.href}>{story.headline}</a>
      </h3>
      <p className="c-card__standfirst">{story.standfirst}</p>
      <p className="c-card__meta">
        {byline ? <span className="c-card__byline">{byline}</span> : null}
        <PublicationTime iso={story.publishedAt} />
      </p>
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

export function OlderLink({ href }: { href: string | null }) {
  if (href === null) return null;
  return (
    <nav className="c-pagination" aria-label="More articles">
      <a href={href} rel="next">
        Older articles
      </a>
    </nav>
  );
}
