import type { TagView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { ListingHeader } from "./listing-header.tsx";
import { Pagination, StoryList } from "./story-list.tsx";

export function TagPage({ view }: { view: TagView }) {
  return (
    <div className="c-page c-listing">
      <ListingHeader kicker={view.index} title={view.name} feed={view.feed}>
        {view.description ? <p className="c-listing__description">{view.description}</p> : null}
      </ListingHeader>
      <HeadedSection heading={`Articles tagged ${view.name}`}>
        <StoryList stories={view.stories} />
      </HeadedSection>
      <Pagination paging={view.paging} />
    </div>
  );
}
