import type { SectionView } from "./content-views.ts";
import { ListingHeader } from "./listing-header.tsx";
import { LatestStories, Pagination } from "./story-list.tsx";

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
      <LatestStories name={view.name} lead={view.lead} stories={view.stories} />
      <Pagination paging={view.paging} />
    </div>
  );
}
