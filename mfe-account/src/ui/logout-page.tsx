import { hrefFor } from "shell/contract/addresses";
import type { Problem, PublicationView } from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { AccountPanel } from "./account-panel.tsx";
import { ErrorSummary } from "./form-parts.tsx";

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
  const frontPage = { href: hrefFor("content.home"), label: "Go to the front page" };
  if (state === "deleted") {
    return (
      <AccountPanel
        title="Your account has been deleted"
        intro="We've sent a confirmation to your email address. Thank you for reading."
        links={[frontPage]}
      />
    );
  }
  if (state === "anonymous") {
    return (
      <AccountPanel
        title="You are not logged in"
        links={[{ href: hrefFor("account.login"), label: "Log in" }, frontPage]}
      />
    );
  }
  return (
    <AccountPanel
      title={`Log out of ${publication.name}?`}
      links={[{ href: hrefFor("account.profile"), label: "Back to your profile" }]}
    >
      <ErrorSummary problems={problems} />
      <LogOutForm csrf={csrf} />
    </AccountPanel>
  );
}

/** The button that logs out: a POST to `/logout` with the form token (a GET changes nothing). */
export function LogOutForm({ csrf, button }: { csrf: string; button?: "primary" | "secondary" }) {
  return (
    <AccountForm action={hrefFor("account.logout")} csrf={csrf} submit="Log out" button={button} />
  );
}
