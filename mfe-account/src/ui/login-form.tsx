import { hrefFor } from "shell/contract/addresses";
import type { Problem } from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { AccountPanel } from "./account-panel.tsx";
import { EmailField, PasswordField } from "./form-field.tsx";
import { ErrorSummary } from "./form-parts.tsx";

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
    <AccountPanel
      title="Log in"
      links={[
        { href: hrefFor("account.forgot-password"), label: "Forgot your password?" },
        {
          lead: "New here? ",
          href: hrefFor("account.sign-up", {}, { next: next ?? undefined }),
          label: "Sign up",
        },
      ]}
    >
      <ErrorSummary problems={problems} />
      <AccountForm
        action={hrefFor("account.login")}
        csrf={csrf}
        hidden={next ? { next } : {}}
        submit="Log in"
      >
        <EmailField id="a-login-email" value={email} problems={problems} />
        <PasswordField id="a-login-password" purpose="current" problems={problems} />
      </AccountForm>
    </AccountPanel>
  );
}
