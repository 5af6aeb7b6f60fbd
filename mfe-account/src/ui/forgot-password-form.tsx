import { hrefFor } from "shell/contract/addresses";
import type { Problem } from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { AccountPanel } from "./account-panel.tsx";
import { EmailField } from "./form-field.tsx";
import { ErrorSummary } from "./form-parts.tsx";

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
  const backToLogin = { href: hrefFor("account.login"), label: "Back to log in" };
  if (state === "sent") {
    return (
      <AccountPanel
        title="Check your email"
        intro="If an account uses that address, we've sent a link to choose a new password. The link works once, for 60 minutes."
        links={[backToLogin]}
      />
    );
  }
  return (
    <AccountPanel
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
      links={[backToLogin]}
    >
      <ErrorSummary problems={problems} />
      <AccountForm action={hrefFor("account.forgot-password")} csrf={csrf} submit="Send reset link">
        <EmailField id="a-forgot-email" value={email} problems={problems} />
      </AccountForm>
    </AccountPanel>
  );
}
