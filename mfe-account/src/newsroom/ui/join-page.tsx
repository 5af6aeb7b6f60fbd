import { useEffect } from "react";
import { hrefFor } from "shell/contract/addresses";
import { AccountForm } from "../../ui/account-form.tsx";
import { AccountPanel } from "../../ui/account-panel.tsx";
import { dropTokenFromCurrentAddress } from "../../ui/address-bar.ts";
import { EmailedLinkProblem } from "../../ui/emailed-link-problem.tsx";
import { FormField, PasswordField } from "../../ui/form-field.tsx";
import { ErrorSummary } from "../../ui/form-parts.tsx";
import { roleLabels, type JoinView, type StaffRoleName } from "./newsroom-view.ts";

/** `/newsroom/join?token=…`: accepting an invitation to the staff. */

const withArticle: Record<StaffRoleName, string> = {
  contributor: "a contributor",
  editor: "an editor",
  admin: "an admin",
};

export function JoinPage({ view }: { view: JoinView }) {
  // The invitation's token stays in a hidden field; it leaves the address bar and history.
  useEffect(() => {
    dropTokenFromCurrentAddress();
  }, []);
  const frontPage = { href: hrefFor("content.home"), label: "Go to the front page" };
  const { invitation, csrf, token, problems, publication, values } = view;
  if (view.state === "wait") {
    return (
      <AccountPanel title="Join the newsroom">
        <ErrorSummary problems={problems} />
        <p>Open the link from your email again after the wait.</p>
      </AccountPanel>
    );
  }
  if (view.state === "missing" || !invitation) {
    return (
      <>
        <ErrorSummary problems={problems} />
        <EmailedLinkProblem
          state={view.state === "invalid" ? "invalid" : "missing"}
          intro={
            view.state === "invalid"
              ? "An invitation link works once, for 7 days, until it is used or withdrawn. Ask the admin who invited you to send a new invitation."
              : "This page needs the invitation link we emailed you. Open the link from the email."
          }
          link={frontPage}
        />
      </>
    );
  }
  return (
    <AccountPanel
      title="Join the newsroom"
      intro={`You have been invited to join the newsroom of ${publication.name} as ${withArticle[invitation.role]}.`}
    >
      <ErrorSummary problems={problems} />
      <dl className="a-details">
        <dt>Email address</dt>
        <dd>{invitation.email}</dd>
        <dt>Role</dt>
        <dd>{roleLabels[invitation.role]}</dd>
        <dt>Invitation ends</dt>
        <dd>{invitation.expires}</dd>
      </dl>
      <AccountForm
        action={hrefFor("account.newsroom-join")}
        csrf={csrf}
        hidden={{ token }}
        submit="Accept the invitation"
      >
        {invitation.accountExists ? (
          <>
            <p className="a-hint">
              This address already has an account here. Enter its password to accept.
            </p>
            <PasswordField id="a-nr-join-password" purpose="current" problems={problems} />
          </>
        ) : (
          <>
            <FormField
              id="a-nr-join-name"
              name="displayName"
              label="Your name"
              type="text"
              autoComplete="name"
              hint="How the newsroom will show you. You can change it later."
              defaultValue={values.displayName ?? invitation.displayName}
              problems={problems}
            />
            <PasswordField
              id="a-nr-join-password"
              label="Choose a password"
              purpose="new"
              problems={problems}
            />
          </>
        )}
      </AccountForm>
      <p className="a-hint">
        Next, you will set up two-step verification with an authenticator app on your phone.
      </p>
    </AccountPanel>
  );
}
