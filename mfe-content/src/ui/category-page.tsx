import type { CategoryView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { ListingHeader } from "./listing-header.tsx";
import { OlderLink, StoryCard, StoryList } from "./story-list.tsx";

export function CategoryPage({ view }: { view: CategoryView }) {
  return (
    <div className="c-page c-listing">
      <ListingHeader
        kicker={view.section}
        title={view.name}
        nav={view.categories}
        navLabel={`${view.section.label} categories`}
        currentHref={view.currentHref}
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
