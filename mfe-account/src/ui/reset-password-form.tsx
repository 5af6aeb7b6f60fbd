import { useEffect } from "react";
import { hrefFor } from "shell/contract/addresses";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, type Problem } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { dropTokenFromCurrentAddress } from "./address-bar.ts";
import { FormField } from "./form-field.tsx";
import { CsrfField, ErrorSummary, fieldError } from "./form-parts.tsx";

export function ResetPasswordForm({
  csrf,
  state,
  token,
  problems,
}: {
  csrf: string;
  state: "form" | "done" | "invalid" | "missing";
  token: string;
  problems: Problem[];
}) {
  useEffect(() => {
    dropTokenFromCurrentAddress();
  }, []);
  if (state === "done") {
    return (
      <AccountPanel
        title="Your password has been changed"
        intro="Log in with your new password. Any other sessions of your account have been ended."
      >
        <ul className="a-links">
          <li>
            <a href={hrefFor("account.login")}>Log in</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  if (state === "invalid" || state === "missing") {
    return (
      <AccountPanel
        title={state === "invalid" ? "That link no longer works" : "Open the link from your email"}
        intro={
          state === "invalid"
            ? "Links to choose a new password work once, for 60 minutes, and only the newest one works."
            : "This page needs the link we emailed you. Open it again, or ask for a new one."
        }
      >
        <ul className="a-links">
          <li>
            <a href={hrefFor("account.forgot-password")}>Ask for a new link</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  return (
    <AccountPanel title="Choose a new password">
      <ErrorSummary problems={problems} />
      <form className="a-form" method="post" action={hrefFor("account.reset-password")}>
        <CsrfField token={csrf} />
        <input type="hidden" name="token" value={token} />
        <FormField
          id="a-reset-password"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={fieldError(problems, "a-reset-password")}
        />
        <button className="a-button" type="submit">
          Save new password
        </button>
      </form>
    </AccountPanel>
  );
}
