import { hrefFor } from "shell/contract/addresses";
import { AccountForm } from "../../ui/account-form.tsx";
import { AccountPanel } from "../../ui/account-panel.tsx";
import { ErrorSummary, StatusMessage } from "../../ui/form-parts.tsx";
import { ProfileSection } from "../../ui/profile-forms.tsx";
import { roleLabels, type StaffIntent, type StaffView } from "./newsroom-view.ts";
import { ChangeRoleForm, ConfirmRemoval, InviteForm } from "./staff-forms.tsx";

/** `/newsroom/staff` (admins): who is on the staff, who is invited, and the forms. */

const doneMessages: Record<StaffIntent, string> = {
  invite: "The invitation has been sent.",
  "change-role": "The role has been changed. Their newsroom sessions have ended.",
  remove: "They have been removed from the staff. Their newsroom sessions have ended.",
  "revoke-invite": "The invitation has been withdrawn. Its link no longer works.",
};

function StaffTable({ view }: { view: StaffView }) {
  return (
    <div className="a-nr-scroll">
      <table className="a-nr-table">
        <caption className="a-visually-hidden">People on the staff</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email address</th>
            <th scope="col">Two-step verification</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="a-visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.staff.map((member) => (
            <tr key={member.id}>
              <th scope="row">
                {member.displayName}
                {member.you && <span className="a-tag"> (you)</span>}
              </th>
              <td>{member.email}</td>
              <td>{member.secondFactor ? "Set up" : "Not set up yet"}</td>
              {member.you ? (
                <>
                  <td>{roleLabels[member.role]}</td>
                  <td className="a-hint">Another admin can change your role.</td>
                </>
              ) : (
                <>
                  <td>
                    <ChangeRoleForm csrf={view.csrf} member={member} />
                  </td>
                  <td>
                    <a href={hrefFor("account.newsroom-staff", {}, { remove: member.id })}>
                      Remove
                      <span className="a-visually-hidden">{` ${member.displayName}`}</span> from the
                      staff
                    </a>
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Invitations({ view }: { view: StaffView }) {
  return (
    <ProfileSection id="a-nr-invitations" title="Invitations waiting">
      {view.invites.length === 0 ? (
        <p className="a-hint">No invitations are waiting.</p>
      ) : (
        <div className="a-nr-scroll">
          <table className="a-nr-table">
            <caption className="a-visually-hidden">Invitations not yet accepted</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email address</th>
                <th scope="col">Role</th>
                <th scope="col">Invited by</th>
                <th scope="col">Link works until</th>
                <th scope="col">
                  <span className="a-visually-hidden">Withdraw</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.invites.map((invite) => (
                <tr key={invite.id}>
                  <th scope="row">{invite.displayName}</th>
                  <td>{invite.email}</td>
                  <td>{roleLabels[invite.role]}</td>
                  <td>{invite.invitedBy}</td>
                  <td>{invite.expires}</td>
                  <td>
                    <AccountForm
                      action={hrefFor("account.newsroom-staff")}
                      csrf={view.csrf}
                      hidden={{ intent: "revoke-invite", id: invite.id }}
                      submit={
                        <>
                          Withdraw
                          <span className="a-visually-hidden">
                            {` the invitation of ${invite.displayName}`}
                          </span>
                        </>
                      }
                      button="secondary"
                      inline
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ProfileSection>
  );
}

export function StaffPage({ view }: { view: StaffView }) {
  return (
    <AccountPanel title="Staff" wide>
      {view.done && <StatusMessage>{doneMessages[view.done]}</StatusMessage>}
      <ErrorSummary problems={view.problems} />
      {view.confirmRemove && <ConfirmRemoval csrf={view.csrf} person={view.confirmRemove} />}
      <p className="a-hint">
        A change of role takes effect at once: the person&apos;s newsroom sessions end and they
        enter their verification code again.
      </p>
      <StaffTable view={view} />
      <Invitations view={view} />
      <InviteForm csrf={view.csrf} problems={view.problems} values={view.values} />
    </AccountPanel>
  );
}
