import { AccountPanel } from "./account-panel.tsx";
import { FormField } from "./form-field.tsx";

export function LoginForm({ next }: { next: string | null }) {
  return (
    <AccountPanel title="Log in">
      <form className="a-form" method="post" action="/login">
        {next && <input type="hidden" name="next" value={next} />}
        <FormField
          id="a-login-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
        />
        <FormField
          id="a-login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <button className="a-button" type="submit">
          Log in
        </button>
      </form>
      <ul className="a-links">
        <li>
          <a href="/forgot-password">Forgot your password?</a>
        </li>
        <li>
          New here? <a href="/sign-up">Sign up</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
