import { hrefFor } from "shell/contract/addresses";
import { AccountForm } from "../../ui/account-form.tsx";
import { AccountPanel } from "../../ui/account-panel.tsx";
import { ErrorSummary, StatusMessage } from "../../ui/form-parts.tsx";
import { ProfileSection } from "../../ui/profile-forms.tsx";
import { roleLabels, type SecurityView } from "./newsroom-view.ts";
import { RecoveryCodeList } from "./recovery-code-list.tsx";

/** `/newsroom/security`: the person's own two-step verification and recovery codes. */

const codesLeft = (count: number) =>
  count === 1 ? "1 recovery code left" : `${count} recovery codes left`;

export function SecurityPage({ view }: { view: SecurityView }) {
  const { csrf, problems, recoveryCodes } = view;
  return (
    <AccountPanel title="Security">
      {view.notice === "recovery-code-used" && (
        <StatusMessage>
          {`You came in with a recovery code, which now no longer works. You have ${codesLeft(view.recoveryCodesLeft)}.`}
        </StatusMessage>
      )}
      {view.next && (
        <p>
          <a href={view.next}>Continue to where you were going</a>
        </p>
      )}
      <ErrorSummary problems={problems} />
      {recoveryCodes.length > 0 && (
        <>
          <StatusMessage>New recovery codes are made. Your old ones no longer work.</StatusMessage>
          <RecoveryCodeList codes={recoveryCodes} />
        </>
      )}
      <dl className="a-details">
        <dt>Your role</dt>
        <dd>{roleLabels[view.role]}</dd>
        <dt>Two-step verification</dt>
        <dd>{view.enrolled ? "On, with an authenticator app" : "Not set up"}</dd>
        <dt>Recovery codes</dt>
        <dd>{codesLeft(view.recoveryCodesLeft)}</dd>
      </dl>
      {!view.enrolled && (
        <p>
          <a href={hrefFor("account.newsroom-sign-in")}>Set up two-step verification</a>
        </p>
      )}
      {view.enrolled && (
        <ProfileSection id="a-nr-recovery" title="Recovery codes">
          <p className="a-hint" id="a-nr-recovery-note">
            Each code lets you in once if you lose your phone. Making new codes stops every old one
            working, used or not.
          </p>
          <AccountForm
            action={hrefFor("account.newsroom-security")}
            csrf={csrf}
            hidden={{ intent: "new-recovery-codes" }}
            submit="Make new recovery codes"
            describedBy="a-nr-recovery-note"
          />
        </ProfileSection>
      )}
    </AccountPanel>
  );
}
