import { hrefFor } from "shell/contract/addresses";
import { AccountForm } from "../../ui/account-form.tsx";
import type { Problem } from "../../ui/account-view.ts";
import { EmailField, FormField } from "../../ui/form-field.tsx";
import { ProfileSection } from "../../ui/profile-forms.tsx";
import { roleLabels, staffRoleNames, type StaffRoleName, type StaffView } from "./newsroom-view.ts";

/** The staff page's forms; each POSTs to /newsroom/staff with its `intent`. */

const action = hrefFor("account.newsroom-staff");

export const ROLE_HINT =
  "Contributors write drafts and submit them. Editors also edit, publish and correct every story and look after sections, authors and tags. Admins also manage the staff and read the audit log.";

function RoleOptions() {
  return staffRoleNames.map((role) => (
    <option key={role} value={role}>
      {roleLabels[role]}
    </option>
  ));
}

/** A person's role: a select and its button, in one form per person. */
export function ChangeRoleForm({
  csrf,
  member,
}: {
  csrf: string;
  member: StaffView["staff"][number];
}) {
  const id = `a-nr-role-${member.id}`;
  return (
    <AccountForm
      action={action}
      csrf={csrf}
      hidden={{ intent: "change-role", id: member.id }}
      submit={
        <>
          Change role<span className="a-visually-hidden">{` of ${member.displayName}`}</span>
        </>
      }
      button="secondary"
      inline
    >
      <label className="a-visually-hidden" htmlFor={id}>
        {`Role of ${member.displayName}`}
      </label>
      <select className="a-input a-nr-select" id={id} name="role" defaultValue={member.role}>
        <RoleOptions />
      </select>
    </AccountForm>
  );
}

export function InviteForm({
  csrf,
  problems,
  values,
}: {
  csrf: string;
  problems: Problem[];
  values: { email: string; displayName: string; role: StaffRoleName };
}) {
  const roleError = problems.find((problem) => problem.fieldId === "a-nr-invite-role")?.message;
  return (
    <ProfileSection id="a-nr-invite" title="Invite someone">
      <p className="a-hint">
        We email them a link to join. It works once, for 7 days; they choose a password and set up
        two-step verification.
      </p>
      <AccountForm
        action={action}
        csrf={csrf}
        hidden={{ intent: "invite" }}
        submit="Send the invitation"
      >
        <EmailField
          id="a-nr-invite-email"
          label="Their email address"
          value={values.email}
          problems={problems}
        />
        <FormField
          id="a-nr-invite-name"
          name="displayName"
          label="Their name"
          type="text"
          autoComplete="off"
          defaultValue={values.displayName}
          problems={problems}
        />
        <div className="a-field">
          <label className="a-label" htmlFor="a-nr-invite-role">
            Role
          </label>
          <p id="a-nr-invite-role-hint" className="a-hint">
            {ROLE_HINT}
          </p>
          {roleError && (
            <p id="a-nr-invite-role-error" className="a-field-error">
              <span className="a-visually-hidden">Error: </span>
              {roleError}
            </p>
          )}
          <select
            className="a-input"
            id="a-nr-invite-role"
            name="role"
            defaultValue={values.role}
            aria-describedby={
              roleError ? "a-nr-invite-role-hint a-nr-invite-role-error" : "a-nr-invite-role-hint"
            }
            aria-invalid={roleError ? true : undefined}
          >
            <RoleOptions />
          </select>
        </div>
      </AccountForm>
    </ProfileSection>
  );
}

/** The confirmation step before someone leaves the staff (`?remove=<id>`). */
export function ConfirmRemoval({
  csrf,
  person,
}: {
  csrf: string;
  person: NonNullable<StaffView["confirmRemove"]>;
}) {
  return (
    <div className="a-banner" role="region" aria-labelledby="a-nr-remove-title">
      <h2 id="a-nr-remove-title" className="a-subtitle">
        {`Remove ${person.displayName} from the staff?`}
      </h2>
      <p id="a-nr-remove-warning">
        {`${person.displayName} (${person.email}) loses the newsroom at once: their newsroom sessions end now. They keep their reader account, and you can invite them again later.`}
      </p>
      <AccountForm
        action={action}
        csrf={csrf}
        hidden={{ intent: "remove", id: person.id }}
        submit="Remove from the staff"
        button="danger"
        describedBy="a-nr-remove-warning"
        inline
      />
      <p>
        <a href={action}>Cancel</a>
      </p>
    </div>
  );
}
