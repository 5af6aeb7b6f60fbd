import { hrefFor } from "shell/contract/addresses";
import type { Problem } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { FormField } from "./form-field.tsx";
import { CsrfField, ErrorSummary, fieldError } from "./form-parts.tsx";

export function LoginForm({
  csrf,
  next,
  email,
  problems,
}: {
  csrf: string;
  next: string | null;
  email: string;
  problems: Problem[];
}) {
  return (
    <AccountPanel title="Log in">
      <ErrorSummary problems={problems} />
      <form className="a-form" method="post" action={hrefFor("account.login")}>
        <CsrfField token={csrf} />
        {next && <input type="hidden" name="next" value={next} />}
        <FormField
          id="a-login-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={fieldError(problems, "a-login-email")}
        />
        <FormField
          id="a-login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={fieldError(problems, "a-login-password")}
        />
        <button className="a-button" type="submit">
          Log in
        </button>
      </form>
      <ul className="a-links">
        <li>
          <a href={hrefFor("account.forgot-password")}>Forgot your password?</a>
        </li>
        <li>
          New here? <a href={hrefFor("account.sign-up")}>Sign up</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
