import type { FragmentAppProps } from "shell/contract";
import { ArticlePage, GonePage } from "./article-page.tsx";
import { AuthorPage } from "./author-page.tsx";
import { CategoryPage } from "./category-page.tsx";
import { isContentView, viewsOfRoute, type ContentView } from "./content-views.ts";
import { HomePage } from "./home-page.tsx";
import { IndexPage } from "./index-pages.tsx";
import { TimeZoneContext } from "./publication-time.tsx";
import { SearchPage } from "./search-page.tsx";
import { SectionPage } from "./section-page.tsx";
import { StaticPage } from "./static-page.tsx";
import { TagPage } from "./tag-page.tsx";

/** The content fragment's root, the same on the server and in the browser. */
export function FragmentApp({ routeId, props }: FragmentAppProps) {
  const expected = Object.hasOwn(viewsOfRoute, routeId) ? viewsOfRoute[routeId] : undefined;
  if (expected === undefined || !isContentView(props) || !expected.includes(props.view)) {
    return null;
  }
  return (
    <TimeZoneContext value={props.publication.timeZone}>
      <ContentPage view={props} />
    </TimeZoneContext>
  );
}

function ContentPage({ view }: { view: ContentView }) {
  switch (view.view) {
    case "home":
      return <HomePage view={view} />;
    case "section":
      return <SectionPage view={view} />;
    case "category":
      return <CategoryPage view={view} />;
    case "article":
      return <ArticlePage view={view} />;
    case "gone":
      return <GonePage view={view} />;
    case "author":
      return <AuthorPage view={view} />;
    case "tag":
      return <TagPage view={view} />;
    case "authors":
    case "tags":
      return <IndexPage view={view} />;
    case "page":
      return <StaticPage view={view} />;
    case "search":
      return <SearchPage view={view} />;
  }
}
