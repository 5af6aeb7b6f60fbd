import type { FragmentAppProps } from "shell/contract";
import { ArticlePage } from "./article-page.tsx";
import { AuthorPage } from "./author-page.tsx";
import { CategoryPage } from "./category-page.tsx";
import { isContentView, viewOfRoute } from "./content-views.ts";
import { HomePage } from "./home-page.tsx";
import { SearchPage } from "./search-page.tsx";
import { SectionPage } from "./section-page.tsx";
import { StaticPage } from "./static-page.tsx";
import { TagPage } from "./tag-page.tsx";

/** The content fragment's root, the same on the server and in the browser. */
export function FragmentApp({ routeId, props }: FragmentAppProps) {
  const expected = Object.hasOwn(viewOfRoute, routeId) ? viewOfRoute[routeId] : undefined;
  if (expected === undefined || !isContentView(props) || props.view !== expected) return null;
  switch (props.view) {
    case "home":
      return <HomePage view={props} />;
    case "section":
      return <SectionPage view={props} />;
    case "category":
      return <CategoryPage view={props} />;
    case "article":
      return <ArticlePage view={props} />;
    case "author":
      return <AuthorPage view={props} />;
    case "tag":
      return <TagPage view={props} />;
    case "page":
      return <StaticPage view={props} />;
    case "search":
      return <SearchPage view={props} />;
  }
}
