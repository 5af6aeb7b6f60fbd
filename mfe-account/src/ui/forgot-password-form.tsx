import { AccountPanel } from "./account-panel.tsx";
import { FormField } from "./form-field.tsx";

export function ForgotPasswordForm() {
  return (
    <AccountPanel
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form className="a-form" method="post" action="/forgot-password">
        <FormField
          id="a-forgot-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
        />
        <button className="a-button" type="submit">
          Send reset link
        </button>
      </form>
      <ul className="a-links">
        <li>
          <a href="/login">Back to log in</a>
        </li>
      </ul>
    </AccountPanel>
  );
}
