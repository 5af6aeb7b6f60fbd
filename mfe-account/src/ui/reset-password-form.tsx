import { useEffect } from "react";
import { hrefFor } from "shell/contract/addresses";
import type { EmailedLinkView } from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { AccountPanel } from "./account-panel.tsx";
import { dropTokenFromCurrentAddress } from "./address-bar.ts";
import { EmailedLinkProblem } from "./emailed-link-problem.tsx";
import { PasswordField } from "./form-field.tsx";
import { ErrorSummary } from "./form-parts.tsx";

export function ResetPasswordForm({ csrf, state, token, problems }: EmailedLinkView) {
  useEffect(() => {
    dropTokenFromCurrentAddress();
  }, []);
  if (state === "done") {
    return (
      <AccountPanel
        title="Your password has been changed"
        intro="Log in with your new password. Any other sessions of your account have been ended."
        links={[{ href: hrefFor("account.login"), label: "Log in" }]}
      />
    );
  }
  if (state === "invalid" || state === "missing") {
    return (
      <EmailedLinkProblem
        state={state}
        intro={
          state === "invalid"
            ? "Links to choose a new password work once, for 60 minutes, and only the newest one works."
            : "This page needs the link we emailed you. Open it again, or ask for a new one."
        }
        link={{ href: hrefFor("account.forgot-password"), label: "Ask for a new link" }}
      />
    );
  }
  return (
    <AccountPanel title="Choose a new password">
      <ErrorSummary problems={problems} />
      <AccountForm
        action={hrefFor("account.reset-password")}
        csrf={csrf}
        hidden={{ token }}
        submit="Save new password"
      >
        <PasswordField
          id="a-reset-password"
          label="New password"
          purpose="new"
          problems={problems}
        />
      </AccountForm>
    </AccountPanel>
  );
}
