import type { SectionView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { ListingHeader } from "./listing-header.tsx";
import { OlderLink, StoryCard, StoryList } from "./story-list.tsx";

export function SectionPage({ view }: { view: SectionView }) {
  return (
    <div className="c-page c-listing">
      <ListingHeader
        title={view.name}
        nav={view.categories}
        navLabel={`${view.name} categories`}
        feed={view.feed}
      >
        <p className="c-listing__description">{view.description}</p>
      </ListingHeader>
      <HeadedSection heading={`Latest from ${view.name}`} headingClassName="c-visually-hidden">
        {view.lead ? <StoryCard story={view.lead} lead /> : null}
        {view.lead && view.stories.length === 0 ? null : <StoryList stories={view.stories} />}
      </HeadedSection>
      <OlderLink href={view.olderHref} />
    </div>
  );
}
