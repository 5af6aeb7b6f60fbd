import { hrefFor } from "shell/contract/addresses";
import { DISPLAY_NAME_HINT, type Problem } from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { AccountPanel } from "./account-panel.tsx";
import { EmailField, FormField, PasswordField } from "./form-field.tsx";
import { ErrorSummary } from "./form-parts.tsx";

export function SignUpForm({
  csrf,
  state,
  email,
  displayName,
  next,
  problems,
}: {
  csrf: string;
  state: "form" | "sent";
  email: string;
  displayName: string;
  next: string | null;
  problems: Problem[];
}) {
  if (state === "sent") {
    // Shown whether or not the address already had an account, so it tells nobody which.
    return (
      <AccountPanel
        title="Check your email to finish signing up"
        intro="We've sent a message to the address you gave. Open the link in it within 24 hours to finish signing up; nothing is created until you do."
        links={[{ href: hrefFor("account.login"), label: "Log in" }]}
      />
    );
  }
  return (
    <AccountPanel
      title="Sign up"
      links={[
        {
          lead: "Already have an account? ",
          href: hrefFor("account.login", {}, { next: next ?? undefined }),
          label: "Log in",
        },
      ]}
    >
      <ErrorSummary problems={problems} />
      <AccountForm
        action={hrefFor("account.sign-up")}
        csrf={csrf}
        hidden={next ? { next } : {}}
        submit="Sign up"
      >
        <EmailField id="a-sign-up-email" value={email} problems={problems} />
        <FormField
          id="a-sign-up-display-name"
          name="displayName"
          label="Display name"
          type="text"
          autoComplete="nickname"
          hint={DISPLAY_NAME_HINT}
          defaultValue={displayName}
          problems={problems}
        />
        <PasswordField id="a-sign-up-password" purpose="new" problems={problems} />
        <p className="a-hint">
          What we keep about you, and why: read our{" "}
          <a href={hrefFor("content.page", { slug: "privacy" })}>privacy notice</a>.
        </p>
      </AccountForm>
    </AccountPanel>
  );
}
