import { hrefFor } from "shell/contract/addresses";
import type { ReactNode } from "react";
import {
  PASSWORD_HINT,
  PASSWORD_MIN_LENGTH,
  type Problem,
  type ProfileIntent,
} from "./account-view.ts";
import { FormField } from "./form-field.tsx";
import { CsrfField, fieldError } from "./form-parts.tsx";

/** The forms of the profile; each POSTs to /profile with its `intent`. */

export function ProfileSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="a-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="a-subtitle">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A form with only hidden fields and a button, e.g. "Resend the link". */
export function IntentForm({
  csrf,
  intent,
  label,
  hidden = {},
  danger = false,
  children,
}: {
  csrf: string;
  intent: ProfileIntent;
  label: string;
  hidden?: Record<string, string>;
  danger?: boolean;
  /** Extra, visually hidden words that tell buttons of a list apart. */
  children?: ReactNode;
}) {
  return (
    <form className="a-inline-form" method="post" action={hrefFor("account.profile")}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button className={danger ? "a-button a-button--secondary" : "a-button"} type="submit">
        {label}
        {children}
      </button>
    </form>
  );
}

/** A profile form with fields: posts its `intent` with the CSRF token, then one button. */
function ProfileForm({
  csrf,
  intent,
  submit,
  danger = false,
  describedBy,
  children,
}: {
  csrf: string;
  intent: ProfileIntent;
  submit: string;
  danger?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <form
      className="a-form"
      method="post"
      action={hrefFor("account.profile")}
      aria-describedby={describedBy}
    >
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button className={danger ? "a-button a-button--danger" : "a-button"} type="submit">
        {submit}
      </button>
    </form>
  );
}

export function DisplayNameForm({
  csrf,
  problems,
  value,
}: {
  csrf: string;
  problems: Problem[];
  value: string;
}) {
  return (
    <ProfileSection id="a-name" title="Change your display name">
      <ProfileForm csrf={csrf} intent="update-name" submit="Save display name">
        <FormField
          id="a-profile-display-name"
          name="displayName"
          label="Display name"
          type="text"
          autoComplete="nickname"
          defaultValue={value}
          error={fieldError(problems, "a-profile-display-name")}
        />
      </ProfileForm>
    </ProfileSection>
  );
}

export function ChangeEmailForm({
  csrf,
  problems,
  value,
}: {
  csrf: string;
  problems: Problem[];
  value: string;
}) {
  return (
    <ProfileSection id="a-email" title="Change your email address">
      <p className="a-hint">
        We'll send a link to the new address. The change takes effect when you follow it.
      </p>
      <ProfileForm csrf={csrf} intent="change-email" submit="Change email address">
        <FormField
          id="a-profile-new-email"
          name="newEmail"
          label="New email address"
          type="email"
          autoComplete="email"
          defaultValue={value}
          error={fieldError(problems, "a-profile-new-email")}
        />
        <FormField
          id="a-profile-email-password"
          name="currentPassword"
          label="Your current password"
          type="password"
          autoComplete="current-password"
          error={fieldError(problems, "a-profile-email-password")}
        />
      </ProfileForm>
    </ProfileSection>
  );
}

export function ChangePasswordForm({ csrf, problems }: { csrf: string; problems: Problem[] }) {
  return (
    <ProfileSection id="a-password" title="Change your password">
      <p className="a-hint">This ends every other session of your account.</p>
      <ProfileForm csrf={csrf} intent="change-password" submit="Change password">
        <FormField
          id="a-profile-current-password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={fieldError(problems, "a-profile-current-password")}
        />
        <FormField
          id="a-profile-new-password"
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={fieldError(problems, "a-profile-new-password")}
        />
      </ProfileForm>
    </ProfileSection>
  );
}

export function DeleteAccountForm({ csrf, problems }: { csrf: string; problems: Problem[] }) {
  return (
    <ProfileSection id="a-delete" title="Delete your account">
      <p className="a-warning" id="a-delete-warning">
        This deletes your account, your saved articles and every session at once. It cannot be
        undone.
      </p>
      <ProfileForm
        csrf={csrf}
        intent="delete-account"
        submit="Delete my account"
        danger
        describedBy="a-delete-warning"
      >
        <FormField
          id="a-profile-delete-password"
          name="password"
          label="Your password, to confirm"
          type="password"
          autoComplete="current-password"
          error={fieldError(problems, "a-profile-delete-password")}
        />
      </ProfileForm>
    </ProfileSection>
  );
}
