import { hrefFor } from "shell/contract/addresses";
import type { Problem, PublicationView } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { CsrfField, ErrorSummary } from "./form-parts.tsx";

export function LogoutPage({
  publication,
  csrf,
  state,
  problems,
}: {
  publication: PublicationView;
  csrf: string;
  state: "confirm" | "anonymous" | "deleted";
  problems: Problem[];
}) {
  if (state === "deleted") {
    return (
      <AccountPanel
        title="Your account has been deleted"
        intro="We've sent a confirmation to your email address. Thank you for reading."
      >
        <ul className="a-links">
          <li>
            <a href={hrefFor("content.home")}>Go to the front page</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  if (state === "anonymous") {
    return (
      <AccountPanel title="You are not logged in">
        <ul className="a-links">
          <li>
            <a href={hrefFor("account.login")}>Log in</a>
          </li>
          <li>
            <a href={hrefFor("content.home")}>Go to the front page</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  return (
    <AccountPanel title={`Log out of ${publication.name}?`}>
      <ErrorSummary problems={problems} />
      <form className="a-form" method="post" action={hrefFor("account.logout")}>
        <CsrfField token={csrf} />
        <button className="a-button" type="submit">
          Log out
        </button>
      </form>
      <ul className="a-links">
        <li>
          <a href={hrefFor("account.profile")}>Back to your profile</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
