import type { CategoryView } from "./content-views.ts";
import { ListingHeader } from "./listing-header.tsx";
import { LatestStories, Pagination } from "./story-list.tsx";

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
      <LatestStories name={view.name} lead={view.lead} stories={view.stories} />
      <Pagination paging={view.paging} />
    </div>
  );
}
