import { useEffect } from "react";
import { hrefFor } from "shell/contract/addresses";
import type { Problem } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { dropTokenFromCurrentAddress } from "./address-bar.ts";
import { CsrfField, ErrorSummary } from "./form-parts.tsx";

const copy = {
  "verify-email": {
    title: "Confirm your email address",
    done: "Your email address is confirmed. Thank you.",
    invalid: "Log in and use “Resend” on your profile to get a new link.",
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
  screen,
  csrf,
  state,
  token,
  problems,
}: {
  screen: "verify-email" | "confirm-email";
  csrf: string;
  state: "form" | "done" | "invalid" | "missing";
  token: string;
  problems: Problem[];
}) {
  useEffect(() => {
    dropTokenFromCurrentAddress();
  }, []);
  const text = copy[screen];
  if (state === "done") {
    return (
      <AccountPanel title="Email address confirmed" intro={text.done}>
        <ul className="a-links">
          <li>
            <a href={hrefFor("account.profile")}>Go to your profile</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  if (state === "invalid" || state === "missing") {
    return (
      <AccountPanel
        title={state === "invalid" ? "That link no longer works" : "Open the link from your email"}
        intro={state === "invalid" ? text.invalid : "This page needs the link we emailed you."}
      >
        <ul className="a-links">
          <li>
            <a href={hrefFor("account.profile")}>Go to your profile</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  return (
    <AccountPanel title={text.title}>
      <ErrorSummary problems={problems} />
      <form className="a-form" method="post" action={hrefFor(`account.${screen}`)}>
        <CsrfField token={csrf} />
        <input type="hidden" name="token" value={token} />
        <button className="a-button" type="submit">
          {text.title}
        </button>
      </form>
    </AccountPanel>
  );
}
