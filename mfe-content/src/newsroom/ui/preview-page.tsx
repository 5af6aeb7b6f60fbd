import { ArticlePage } from "../../ui/article-page.tsx";
import type { PreviewView } from "./newsroom-views.ts";

/** `/newsroom/preview/:token`: the reader's own article page under a preview banner. */
export function PreviewPage({ view }: { view: PreviewView }) {
  return (
    <div className="c-nr-preview">
      <p className="c-nr-preview__banner" role="note">
        <strong>Preview — not published.</strong> This is how readers will see the story. The
        address is private and expires within a day.
      </p>
      <ArticlePage view={view.article} />
    </div>
  );
}
