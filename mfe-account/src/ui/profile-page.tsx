import type { ProfileIntent, ProfileView } from "./account-view.ts";
import { AccountPanel } from "./account-panel.tsx";
import { ErrorSummary, StatusMessage } from "./form-parts.tsx";
import {
  ChangeEmailForm,
  ChangePasswordForm,
  DeleteAccountForm,
  DisplayNameForm,
  DownloadDataForm,
  IntentForm,
} from "./profile-forms.tsx";
import { SavedArticles, SessionList } from "./profile-lists.tsx";

const doneMessages: Record<ProfileIntent, string> = {
  "update-name": "Your display name has been changed.",
  "change-email":
    "We've sent a link to your new email address. The change takes effect when you follow it.",
  "change-password": "Your password has been changed, and your other sessions have been ended.",
  "resend-verification": "We've sent a new link to confirm your email address.",
  "end-session": "That session has been ended.",
  "end-all-sessions": "Every session has been ended.",
  "remove-saved": "The article has been removed from your saved articles.",
  "save-article": "The article has been saved.",
  "delete-account": "Your account has been deleted.",
};

export function ProfilePage({ view }: { view: ProfileView }) {
  const { account, csrf, problems, values } = view;
  return (
    <AccountPanel title="Your profile">
      {view.done && <StatusMessage>{doneMessages[view.done]}</StatusMessage>}
      <ErrorSummary problems={problems} />
      {!account.emailVerified && (
        <div className="a-banner" role="region" aria-labelledby="a-verify-title">
          <h2 id="a-verify-title" className="a-subtitle">
            Please confirm your email address
          </h2>
          <p>
            We sent a link to <strong>{account.email}</strong>. Follow it to confirm that the
            address is yours.
          </p>
          <IntentForm csrf={csrf} intent="resend-verification" label="Resend the link" />
        </div>
      )}
      <dl className="a-details">
        <dt>Display name</dt>
        <dd>{account.displayName}</dd>
        <dt>Email address</dt>
        <dd>{account.email}</dd>
      </dl>
      <DisplayNameForm
        csrf={csrf}
        problems={problems}
        value={values.displayName ?? account.displayName}
      />
      <ChangeEmailForm csrf={csrf} problems={problems} value={values.newEmail ?? ""} />
      <ChangePasswordForm csrf={csrf} problems={problems} />
      <SessionList csrf={csrf} sessions={view.sessions} />
      <SavedArticles csrf={csrf} saved={view.saved} />
      <DownloadDataForm csrf={csrf} />
      <DeleteAccountForm csrf={csrf} problems={problems} />
    </AccountPanel>
  );
}
