import { hrefFor } from "shell/contract/addresses";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, type Problem } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { FormField } from "./form-field.tsx";
import { CsrfField, ErrorSummary, fieldError } from "./form-parts.tsx";

export function SignUpForm({
  csrf,
  state,
  email,
  displayName,
  problems,
}: {
  csrf: string;
  state: "form" | "sent";
  email: string;
  displayName: string;
  problems: Problem[];
}) {
  if (state === "sent") {
    // Shown whether or not the address already had an account, so it tells nobody which.
    return (
      <AccountPanel
        title="Check your email"
        intro="We've sent a message to the address you gave. Follow the link in it to carry on."
      >
        <ul className="a-links">
          <li>
            <a href={hrefFor("account.login")}>Log in</a>
          </li>
        </ul>
      </AccountPanel>
    );
  }
  return (
    <AccountPanel title="Sign up">
      <ErrorSummary problems={problems} />
      <form className="a-form" method="post" action={hrefFor("account.sign-up")}>
        <CsrfField token={csrf} />
        <FormField
          id="a-sign-up-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={fieldError(problems, "a-sign-up-email")}
        />
        <FormField
          id="a-sign-up-display-name"
          name="displayName"
          label="Display name"
          type="text"
          autoComplete="nickname"
          hint="Shown with anything you post."
          defaultValue={displayName}
          error={fieldError(problems, "a-sign-up-display-name")}
        />
        <FormField
          id="a-sign-up-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={fieldError(problems, "a-sign-up-password")}
        />
        <button className="a-button" type="submit">
          Sign up
        </button>
      </form>
      <ul className="a-links">
        <li>
          Already have an account? <a href={hrefFor("account.login")}>Log in</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
