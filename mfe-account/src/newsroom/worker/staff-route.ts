import type { ApiFailure } from "edge-api/client";
import type { StaffMember } from "edge-api/contract/newsroom";
import { hrefFor } from "shell/contract/addresses";
import { formatInstantDateTime } from "shell/fragment-kit/dates";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { failureFor, seeOther, type Failure } from "../../worker/account-answers.ts";
import type { AccountContext, AccountRoute } from "../../worker/account-context.ts";
import { formProblems } from "../../worker/account-forms.ts";
import { AccountError } from "../../worker/fragment-errors.ts";
import { staffIntents, type StaffIntent, type StaffView } from "../ui/newsroom-view.ts";
import { ADMINS_ONLY, deskPage, doorFor } from "./newsroom-answers.ts";
import { StaffFormSchema, type StaffForm } from "./newsroom-forms.ts";

/**
 * `/newsroom/staff` (admins; the API answers 403 to anyone else): the staff and pending
 * invitations, inviting, changing a role, removing someone (role `reader`, after a
 * confirmation step at `?remove=<id>`) and withdrawing an invitation. Every change ends the
 * person's newsroom sessions; the API writes the audit entry (SECURITY 33).
 */

export const INVITE_FIELDS = {
  email: "a-nr-invite-email",
  displayName: "a-nr-invite-name",
  role: "a-nr-invite-role",
} as const;

/**
 * What a 409 means for each form. The API refuses a change to your own role (so the last
 * admin can never demote themselves) and a change that raced another one.
 */
const conflicts: Record<StaffIntent, string> = {
  invite: "That address already belongs to a member of the staff.",
  "change-role":
    "Their role changed meanwhile, or the change would leave the newsroom without an admin. Reload the page and try again.",
  remove:
    "Their role changed meanwhile, or the change would leave the newsroom without an admin. Reload the page and try again.",
  "revoke-invite": "That invitation has already been accepted.",
};

export const OWN_ROLE =
  "You cannot change your own role or remove yourself: the newsroom must always keep an admin. Ask another admin to do it.";

const gone: Record<StaffIntent, string> = {
  invite: "That could not be sent. Reload the page and try again.",
  "change-role": "That person is no longer on the staff.",
  remove: "That person is no longer on the staff.",
  "revoke-invite": "That invitation has already been accepted, withdrawn or has expired.",
};

function failureOf(result: ApiFailure, submitted: StaffForm, viewerId?: string): Failure {
  const intent = submitted.intent;
  if (result.status === 409) {
    const own = "id" in submitted && submitted.id === viewerId && intent !== "revoke-invite";
    return {
      status: 409,
      problems: [{ fieldId: null, message: own ? OWN_ROLE : conflicts[intent] }],
    };
  }
  if (result.status === 404) {
    return { status: 404, problems: [{ fieldId: null, message: gone[intent] }] };
  }
  if (intent === "invite" && (result.status === 400 || result.status === 422)) {
    const message = "Check the email address and name, then try again.";
    return { status: 422, problems: [{ fieldId: INVITE_FIELDS.email, message }] };
  }
  return failureFor(result);
}

function doneOf(context: AccountContext): StaffIntent | null {
  if (context.isPost) return null;
  const done = context.query.get("done");
  return staffIntents.find((intent) => intent === done) ?? null;
}

function shapeMember(member: StaffMember, viewerId: string | undefined) {
  return {
    id: member.id,
    displayName: member.displayName,
    email: member.email,
    role: member.role,
    secondFactor: member.secondFactor,
    you: member.id === viewerId,
  };
}

async function show(context: AccountContext, failure?: Failure): Promise<LoadOutcome> {
  const { api, env, form, isPost, query, request } = context;
  const answer = await api.call("staff", {});
  if (!answer.ok) {
    const door = doorFor(answer, context, ADMINS_ONLY);
    if (door) return door;
    throw new AccountError("api_unavailable", `${answer.status} ${answer.code}`);
  }
  const zone = env.PUBLICATION_TIME_ZONE;
  const staff = answer.data.staff.map((member) => shapeMember(member, request.viewer?.id));
  const removing = isPost ? undefined : query.get("remove");
  const found = removing ? staff.find((member) => member.id === removing) : undefined;
  // The API refuses to let anyone remove themselves; the page says so instead of asking.
  const confirm = found?.you ? undefined : found;
  const typedInvite = isPost && form.intent === "invite";
  const view: StaffView = {
    view: "newsroom-staff",
    publication: context.publication,
    csrf: context.csrf,
    done: doneOf(context),
    staff,
    invites: answer.data.invites.map((invite) => ({
      id: invite.id,
      displayName: invite.displayName,
      email: invite.email,
      role: invite.role,
      invitedBy: invite.invitedBy.displayName,
      expires: formatInstantDateTime(invite.expiresAt, zone),
    })),
    confirmRemove: confirm
      ? { id: confirm.id, displayName: confirm.displayName, email: confirm.email }
      : null,
    values: {
      email: typedInvite ? (form.email ?? "") : "",
      displayName: typedInvite ? (form.displayName ?? "") : "",
      role: typedInvite && isRole(form.role) ? form.role : "contributor",
    },
    problems: failure?.problems ?? [],
  };
  // A removal asked for yourself, or for someone who is not (or no longer) on the staff.
  if (removing && !confirm && !failure) {
    const problem = { fieldId: null, message: found ? OWN_ROLE : gone.remove };
    const status = found ? 409 : 404;
    return deskPage({ ...view, problems: [problem] }, { status, problems: [problem] });
  }
  return deskPage(view, failure);
}

function isRole(value: string | undefined): value is StaffView["values"]["role"] {
  return value === "contributor" || value === "editor" || value === "admin";
}

async function perform(context: AccountContext, submitted: StaffForm) {
  const { api } = context;
  switch (submitted.intent) {
    case "invite": {
      const { email, displayName, role } = submitted;
      return api.call("invite", { body: { email, displayName, role } });
    }
    case "change-role":
      return api.call("changeRole", {
        params: { id: submitted.id },
        body: { role: submitted.role },
      });
    case "remove":
      // Removing is the role `reader`: the person keeps their reader account.
      return api.call("changeRole", { params: { id: submitted.id }, body: { role: "reader" } });
    case "revoke-invite":
      return api.call("revokeInvite", { params: { id: submitted.id } });
  }
}

export const staffRoute: AccountRoute = {
  render: (context, failure) => show(context, failure),

  async submit(context) {
    const parsed = StaffFormSchema.safeParse(context.form);
    if (!parsed.success) {
      const ids = context.form.intent === "invite" ? INVITE_FIELDS : {};
      return show(context, { status: 422, problems: formProblems(parsed.error, ids) });
    }
    const result = await perform(context, parsed.data);
    if (result.ok) {
      return seeOther(hrefFor("account.newsroom-staff", {}, { done: parsed.data.intent }));
    }
    return (
      doorFor(result, context, ADMINS_ONLY) ??
      show(context, failureOf(result, parsed.data, context.request.viewer?.id))
    );
  },
};
