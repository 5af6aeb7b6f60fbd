import { PASSWORD_MIN_LENGTH } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { FormField } from "./form-field.tsx";

export function SignUpForm() {
  return (
    <AccountPanel title="Sign up">
      <form className="a-form" method="post" action="/sign-up">
        <FormField
          id="a-sign-up-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
        />
        <FormField
          id="a-sign-up-display-name"
          name="displayName"
          label="Display name"
          type="text"
          autoComplete="name"
          hint="Shown with anything you post."
        />
        <FormField
          id="a-sign-up-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <button className="a-button" type="submit">
          Sign up
        </button>
      </form>
      <ul className="a-links">
        <li>
          Already have an account? <a href="/login">Log in</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
