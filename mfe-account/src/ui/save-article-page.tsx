import { hrefFor } from "shell/contract/addresses";
import type { Problem, ProfileIntent } from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { AccountPanel } from "./account-panel.tsx";
import { ErrorSummary } from "./form-parts.tsx";

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
      links={[{ href: articlePath, label: "Back to the article" }]}
    >
      <ErrorSummary problems={problems} />
      <AccountForm
        action={hrefFor("account.profile")}
        csrf={csrf}
        hidden={{ intent: "save-article" satisfies ProfileIntent, slug }}
        submit="Save article"
      />
    </AccountPanel>
  );
}
