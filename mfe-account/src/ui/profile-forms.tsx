import { hrefFor } from "shell/contract/addresses";
import type { ReactNode } from "react";
import {
  DISPLAY_NAME_HINT,
  DOWNLOAD_DATA_INTENT,
  type Problem,
  type ProfileFormIntent,
} from "./account-view.ts";
import { AccountForm } from "./account-form.tsx";
import { EmailField, FormField, PasswordField } from "./form-field.tsx";

/** The forms of the profile; each POSTs to /profile with its `intent`. */

type ProfileFormProps = { csrf: string; problems: Problem[] };

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
  visuallyHiddenLabel,
}: {
  csrf: string;
  intent: ProfileFormIntent;
  label: string;
  hidden?: Record<string, string>;
  danger?: boolean;
  /** Extra, visually hidden words that tell buttons of a list apart. */
  visuallyHiddenLabel?: string;
}) {
  return (
    <AccountForm
      action={hrefFor("account.profile")}
      csrf={csrf}
      hidden={{ intent, ...hidden }}
      submit={
        <>
          {label}
          {visuallyHiddenLabel ? (
            <span className="a-visually-hidden">{visuallyHiddenLabel}</span>
          ) : null}
        </>
      }
      button={danger ? "secondary" : "primary"}
      inline
    />
  );
}

/**
 * A section of the profile with one form: its heading, a note, the fields and one button; it
 * posts its `intent` with the form token. A dangerous form's note is a warning the form and its
 * button are described by.
 */
function ProfileFormSection({
  id,
  title,
  note,
  danger = false,
  csrf,
  intent,
  submit,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  danger?: boolean;
  csrf: string;
  intent: ProfileFormIntent;
  submit: string;
  children: ReactNode;
}) {
  const warningId = danger && note ? `${id}-warning` : undefined;
  return (
    <ProfileSection id={id} title={title}>
      {note &&
        (warningId ? (
          <p className="a-warning" id={warningId}>
            {note}
          </p>
        ) : (
          <p className="a-hint">{note}</p>
        ))}
      <AccountForm
        action={hrefFor("account.profile")}
        csrf={csrf}
        hidden={{ intent }}
        submit={submit}
        button={danger ? "danger" : "primary"}
        describedBy={warningId}
      >
        {children}
      </AccountForm>
    </ProfileSection>
  );
}

export function DisplayNameForm({ csrf, problems, value }: ProfileFormProps & { value: string }) {
  return (
    <ProfileFormSection
      id="a-name"
      title="Change your display name"
      csrf={csrf}
      intent="update-name"
      submit="Save display name"
    >
      <FormField
        id="a-profile-display-name"
        name="displayName"
        label="Display name"
        type="text"
        autoComplete="nickname"
        hint={DISPLAY_NAME_HINT}
        defaultValue={value}
        problems={problems}
      />
    </ProfileFormSection>
  );
}

export function ChangeEmailForm({ csrf, problems, value }: ProfileFormProps & { value: string }) {
  return (
    <ProfileFormSection
      id="a-email"
      title="Change your email address"
      note="We'll send a link to the new address. The change takes effect when you follow it."
      csrf={csrf}
      intent="change-email"
      submit="Change email address"
    >
      <EmailField
        id="a-profile-new-email"
        name="newEmail"
        label="New email address"
        value={value}
        problems={problems}
      />
      <PasswordField
        id="a-profile-email-password"
        name="currentPassword"
        label="Your current password"
        purpose="current"
        problems={problems}
      />
    </ProfileFormSection>
  );
}

export function ChangePasswordForm({ csrf, problems }: ProfileFormProps) {
  return (
    <ProfileFormSection
      id="a-password"
      title="Change your password"
      note="This ends every other session of your account."
      csrf={csrf}
      intent="change-password"
      submit="Change password"
    >
      <PasswordField
        id="a-profile-current-password"
        name="currentPassword"
        label="Current password"
        purpose="current"
        problems={problems}
      />
      <PasswordField
        id="a-profile-new-password"
        name="newPassword"
        label="New password"
        purpose="new"
        problems={problems}
      />
    </ProfileFormSection>
  );
}

/**
 * "Download your data" (issue 15, promised by the privacy notice): what the file holds, and a
 * plain form POST that the Worker answers with the file itself (an attachment the browser
 * saves, with or without JavaScript).
 */
export function DownloadDataForm({ csrf }: { csrf: string }) {
  return (
    <ProfileSection id="a-download" title="Download your data">
      <p className="a-hint">A file in JSON format with everything we keep about your account:</p>
      <ul className="a-hint a-bullets">
        <li>your email address, display name, whether it is confirmed and when you signed up;</li>
        <li>
          the sessions where you're logged in: the device, when each started and was last used;
        </li>
        <li>the articles you saved, and when you saved each one.</li>
      </ul>
      <p className="a-hint">
        It holds no password: we keep only a scrambled form of yours that cannot be read back. You
        can download it a few times an hour.
      </p>
      <AccountForm
        action={hrefFor("account.profile")}
        csrf={csrf}
        hidden={{ intent: DOWNLOAD_DATA_INTENT }}
        submit="Download your data"
        button="secondary"
      />
    </ProfileSection>
  );
}

export function DeleteAccountForm({ csrf, problems }: ProfileFormProps) {
  return (
    <ProfileFormSection
      id="a-delete"
      title="Delete your account"
      note="This deletes your account, your saved articles and every session at once. It cannot be undone."
      danger
      csrf={csrf}
      intent="delete-account"
      submit="Delete my account"
    >
      <PasswordField
        id="a-profile-delete-password"
        label="Your password, to confirm"
        purpose="current"
        problems={problems}
      />
    </ProfileFormSection>
  );
}
