import { hrefFor } from "shell/contract/addresses";
import type { Problem } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { FormField } from "./form-field.tsx";
import { CsrfField, ErrorSummary, fieldError } from "./form-parts.tsx";

export function ForgotPasswordForm({
  csrf,
  state,
  email,
  problems,
}: {
  csrf: string;
  state: "form" | "sent";
  email: string;
  problems: Problem[];
}) {
  if (state === "sent") {
    return (
      <AccountPanel
        title="Check your email"
        intro="If an account uses that address, we've sent a link to choose a new password. The link works once, for 60 minutes."
      >
        <ul className="a-links">
          <li>
            <a href={hrefFor("account.login")}>Back to log in</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  return (
    <AccountPanel
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ErrorSummary problems={problems} />
      <form className="a-form" method="post" action={hrefFor("account.forgot-password")}>
        <CsrfField token={csrf} />
        <FormField
          id="a-forgot-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={fieldError(problems, "a-forgot-email")}
        />
        <button className="a-button" type="submit">
          Send reset link
        </button>
      </form>
      <ul className="a-links">
        <li>
          <a href={hrefFor("account.login")}>Back to log in</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
