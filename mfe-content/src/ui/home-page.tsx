import type { HomeView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { PublicationTime } from "./publication-time.tsx";
import { StoryCard, StoryList } from "./story-list.tsx";

export function HomePage({ view }: { view: HomeView }) {
  return (
    <div className="c-page c-home">
      <h1 className="c-visually-hidden">{`${view.publication.name}: today’s news`}</h1>
      <HeadedSection heading="Top stories" className="c-home__top">
        {view.lead ? <StoryCard story={view.lead} lead /> : null}
        <StoryList stories={view.top} empty="No top stories right now." />
      </HeadedSection>
      {view.sections.map(({ section, stories }) => (
        <HeadedSection
          key={section.href}
          className="c-home__section"
          heading={<a href={section.href}>{section.label}</a>}
        >
          <StoryList stories={stories} />
        </HeadedSection>
      ))}
      {view.latest.length > 0 ? (
        <HeadedSection heading="Latest" className="c-home__latest">
          <ol className="c-latest">
            {view.latest.map((story) => (
              <li key={story.href}>
                <PublicationTime iso={story.publishedAt} />
                <a href={story.href}>{story.headline}</a>
              </li>
            ))}
          </ol>
        </HeadedSection>
      ) : null}
    </div>
  );
}
