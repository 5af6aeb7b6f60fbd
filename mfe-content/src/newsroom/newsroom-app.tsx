import type { FragmentAppProps } from "shell/contract";
import { TimeZoneContext } from "../ui/publication-time.tsx";
import { DeskPage } from "./ui/desk-page.tsx";
import { FrontPagePage } from "./ui/front-page-page.tsx";
import { ImportJobPage } from "./ui/import-job-page.tsx";
import { ImportPage } from "./ui/import-page.tsx";
import { isNewsroomView, type NewsroomView, type NewsroomViewName } from "./ui/newsroom-views.ts";
import { LiveDeskPage } from "./ui/live-desk-page.tsx";
import { MediaItemPage } from "./ui/media-item-page.tsx";
import { MediaLibraryPage } from "./ui/media-library-page.tsx";
import { PreviewPage } from "./ui/preview-page.tsx";
import { ProblemPage } from "./ui/problem-page.tsx";
import { RevisionsPage } from "./ui/revisions-page.tsx";
import { StoryEditorPage } from "./ui/story-editor-page.tsx";
import { TaxonomyPage } from "./ui/taxonomy-pages.tsx";

/**
 * The content fragment's newsroom root (the story desk), the same on the server and in the
 * browser, where it is the remote's `./newsroom` module; readers never load it. Every route
 * may also render the `problem` view (403, an expired preview).
 */

const viewsOfRoute: Readonly<Record<string, readonly NewsroomViewName[]>> = {
  "content.newsroom": ["desk"],
  "content.newsroom-new-story": ["story-editor"],
  "content.newsroom-story": ["story-editor"],
  "content.newsroom-revisions": ["revisions"],
  "content.newsroom-preview": ["preview"],
  "content.newsroom-sections": ["sections"],
  "content.newsroom-authors": ["authors"],
  "content.newsroom-tags": ["tags"],
  "content.newsroom-live": ["live"],
  "content.newsroom-front-page": ["front-page"],
  "content.newsroom-media": ["media-library"],
  "content.newsroom-media-item": ["media-item"],
  "content.newsroom-import": ["import"],
  "content.newsroom-import-job": ["import-job"],
};

function NewsroomPage({ view }: { view: NewsroomView }) {
  switch (view.view) {
    case "desk":
      return <DeskPage view={view} />;
    case "story-editor":
      return <StoryEditorPage view={view} />;
    case "revisions":
      return <RevisionsPage view={view} />;
    case "preview":
      return <PreviewPage view={view} />;
    case "sections":
    case "authors":
    case "tags":
      return <TaxonomyPage view={view} />;
    case "front-page":
      return <FrontPagePage view={view} />;
    case "live":
      return <LiveDeskPage view={view} />;
    case "media-library":
      return <MediaLibraryPage view={view} />;
    case "media-item":
      return <MediaItemPage view={view} />;
    case "import":
      return <ImportPage view={view} />;
    case "import-job":
      return <ImportJobPage view={view} />;
    case "problem":
      return <ProblemPage view={view} />;
  }
}

export function NewsroomApp({ routeId, props }: FragmentAppProps) {
  const expected = Object.hasOwn(viewsOfRoute, routeId) ? viewsOfRoute[routeId] : undefined;
  if (!expected || !isNewsroomView(props)) return null;
  if (props.view !== "problem" && !expected.includes(props.view)) return null;
  return (
    <TimeZoneContext value={props.publication.timeZone}>
      <NewsroomPage view={props} />
    </TimeZoneContext>
  );
}
