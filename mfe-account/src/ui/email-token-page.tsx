import { useEffect } from "react";
import { hrefFor } from "shell/contract/addresses";
import type { EmailedLinkView } from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { AccountPanel } from "./account-panel.tsx";
import { dropTokenFromCurrentAddress } from "./address-bar.ts";
import { EmailedLinkProblem } from "./emailed-link-problem.tsx";
import { ErrorSummary } from "./form-parts.tsx";

const copy = {
  "verify-email": {
    title: "Confirm your email address",
    done: "Your email address is confirmed. Thank you.",
    invalid:
      "To finish signing up, sign up again for a new link. If you already have an account, log in and use “Resend” on your profile.",
  },
  "confirm-email": {
    title: "Confirm your new email address",
    done: "Your new email address is confirmed. Use it to log in from now on.",
    invalid: "Change your email address again from your profile to get a new link.",
  },
} as const;

/**
 * The page an emailed confirmation link opens. Opening a link must not change anything
 * (a GET), so the reader confirms with a button that POSTs the token.
 */
export function EmailTokenPage({
  view: screen,
  csrf,
  state,
  token,
  problems,
}: EmailedLinkView & { view: "verify-email" | "confirm-email" }) {
  useEffect(() => {
    dropTokenFromCurrentAddress();
  }, []);
  const text = copy[screen];
  const toProfile = { href: hrefFor("account.profile"), label: "Go to your profile" };
  if (state === "done") {
    return <AccountPanel title="Email address confirmed" intro={text.done} links={[toProfile]} />;
  }
  if (state === "invalid" || state === "missing") {
    return (
      <EmailedLinkProblem
        state={state}
        intro={state === "invalid" ? text.invalid : "This page needs the link we emailed you."}
        link={toProfile}
      />
    );
  }
  return (
    <AccountPanel title={text.title}>
      <ErrorSummary problems={problems} />
      <AccountForm
        action={hrefFor(`account.${screen}`)}
        csrf={csrf}
        hidden={{ token }}
        submit={text.title}
      />
    </AccountPanel>
  );
}
