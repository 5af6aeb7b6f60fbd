import { PASSWORD_MIN_LENGTH } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { FormField } from "./form-field.tsx";

export function ResetPasswordForm() {
  return (
    <AccountPanel title="Choose a new password">
      <form className="a-form" method="post" action="/reset-password">
        <FormField
          id="a-reset-password"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <button className="a-button" type="submit">
          Save new password
        </button>
      </form>
    </AccountPanel>
  );
}
