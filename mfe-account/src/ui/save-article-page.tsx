import { hrefFor } from "shell/contract/addresses";
import type { Problem } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { CsrfField, ErrorSummary } from "./form-parts.tsx";

/** "Save for later" on an article is a link; saving itself is this confirmed POST. */
export function SaveArticlePage({
  csrf,
  slug,
  headline,
  articlePath,
  problems,
}: {
  csrf: string;
  slug: string;
  headline: string;
  articlePath: string;
  problems: Problem[];
}) {
  return (
    <AccountPanel
      title={`Save “${headline}”?`}
      intro="Saved articles are listed on your profile, so you can come back to them."
    >
      <ErrorSummary problems={problems} />
      <form className="a-form" method="post" action={hrefFor("account.profile")}>
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="save-article" />
        <input type="hidden" name="slug" value={slug} />
        <button className="a-button" type="submit">
          Save article
        </button>
      </form>
      <ul className="a-links">
        <li>
          <a href={articlePath}>Back to the article</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
