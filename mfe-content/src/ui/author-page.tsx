import { ContentImage } from "./content-image.tsx";
import type { AuthorView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { ListingHeader } from "./listing-header.tsx";
import { Pagination, StoryList } from "./story-list.tsx";

export function AuthorPage({ view }: { view: AuthorView }) {
  return (
    <div className="c-page c-listing c-author">
      <ListingHeader kicker={view.index} title={view.name} feed={view.feed}>
        {view.portrait ? (
          <ContentImage image={view.portrait} priority className="c-author__portrait" />
        ) : null}
        <p className="c-author__title">{view.title}</p>
        <p className="c-listing__description">{view.bio}</p>
      </ListingHeader>
      <HeadedSection heading={`Articles by ${view.name}`}>
        <StoryList stories={view.stories} />
      </HeadedSection>
      <Pagination paging={view.paging} />
    </div>
  );
}
