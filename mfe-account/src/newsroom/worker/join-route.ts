import type { ApiFailure } from "edge-api/client";
import { hrefFor } from "shell/contract/addresses";
import { formatInstantDateTime } from "shell/fragment-kit/dates";
import type { LoadOutcome } from "shell/fragment-kit/server";
import {
  failureFor,
  seeOther,
  startSession,
  tooManyAttempts,
  type Failure,
} from "../../worker/account-answers.ts";
import type { AccountContext, AccountRoute } from "../../worker/account-context.ts";
import { formProblems } from "../../worker/account-forms.ts";
import { AccountError } from "../../worker/fragment-errors.ts";
import type { JoinView } from "../ui/newsroom-view.ts";
import { deskPage } from "./newsroom-answers.ts";
import { JoinExistingAccountFormSchema, JoinNewAccountFormSchema } from "./newsroom-forms.ts";

/**
 * `/newsroom/join?token=…` (open to anyone): an invitation says who is invited to which role;
 * a new account chooses its display name and password, an existing one enters its password.
 * Accepting signs the person in and sends them on to enrol the second factor. The token lives
 * in a hidden field and leaves the address bar at once (as the emailed-link screens do); it is
 * never logged or put in another address.
 */

export const JOIN_NAME_FIELD = "a-nr-join-name";
export const JOIN_PASSWORD_FIELD = "a-nr-join-password";

/** An invalid, used, expired or withdrawn invitation: the page says to ask for a new one. */
const INVALID_INVITATION: Failure = { status: 400, problems: [] };

function tokenOf({ form, query, isPost }: AccountContext): string {
  return ((isPost ? form.token : query.get("token")) ?? "").trim();
}

function view(
  context: AccountContext,
  state: JoinView["state"],
  parts: Partial<Pick<JoinView, "token" | "invitation" | "problems">> = {},
): JoinView {
  const typed = context.isPost ? context.form.displayName : undefined;
  return {
    view: "newsroom-join",
    publication: context.publication,
    csrf: context.csrf,
    state,
    token: parts.token ?? "",
    invitation: parts.invitation ?? null,
    values: typed === undefined ? {} : { displayName: typed },
    problems: parts.problems ?? [],
  };
}

/** However the API words it, a link that does not open an invitation is one to ask again for. */
function unusable(result: ApiFailure): boolean {
  return (
    result.code === "invalid_token" ||
    result.code === "invalid_request" ||
    result.status === 404 ||
    result.status === 410
  );
}

const invalid = (context: AccountContext) => deskPage(view(context, "invalid"), INVALID_INVITATION);

export const joinRoute: AccountRoute = {
  async render(context, failure) {
    const token = tokenOf(context);
    if (token === "" || token.length > 128) {
      return token === "" ? deskPage(view(context, "missing")) : invalid(context);
    }
    const found = await context.api.call("invitation", { body: { token } });
    if (!found.ok) {
      if (unusable(found)) return invalid(context);
      if (found.status === 429) {
        const wait = tooManyAttempts(found.retryAfter);
        return deskPage(view(context, "wait", { problems: wait.problems }), wait);
      }
      throw new AccountError("api_unavailable", `${found.status} ${found.code}`);
    }
    const invitation = {
      email: found.data.email,
      displayName: found.data.displayName,
      role: found.data.role,
      accountExists: found.data.accountExists,
      expires: formatInstantDateTime(found.data.expiresAt, context.env.PUBLICATION_TIME_ZONE),
    };
    const problems = failure?.problems ?? [];
    return deskPage(view(context, "form", { token, invitation, problems }), failure);
  },

  async submit(context): Promise<LoadOutcome> {
    const token = tokenOf(context);
    if (token === "" || token.length > 128) return invalid(context);
    // Whether the address has an account decides the form; the API says, not the form.
    const found = await context.api.call("invitation", { body: { token } });
    if (!found.ok) return this.render(context);
    const fieldIds = { displayName: JOIN_NAME_FIELD, password: JOIN_PASSWORD_FIELD };
    const parsed = found.data.accountExists
      ? JoinExistingAccountFormSchema.safeParse(context.form)
      : JoinNewAccountFormSchema.safeParse(context.form);
    if (!parsed.success) {
      return this.render(context, { status: 422, problems: formProblems(parsed.error, fieldIds) });
    }
    const accepted = await context.api.call("acceptInvite", { body: parsed.data });
    if (accepted.ok) {
      return seeOther(hrefFor("account.newsroom-sign-in"), startSession(accepted.data.tokens));
    }
    if (accepted.code === "invalid_token" || accepted.status === 404 || accepted.status === 410) {
      return invalid(context);
    }
    if (accepted.status === 409) {
      // Already on the staff, or the address got an account meanwhile: the page shown again
      // asks for that account's password when it has one.
      const message =
        "This address has an account now, or is already on the staff. If the page asks for a password, use that account's password.";
      return this.render(context, { status: 409, problems: [{ fieldId: null, message }] });
    }
    return this.render(
      context,
      failureFor(accepted, { current: JOIN_PASSWORD_FIELD, new: JOIN_PASSWORD_FIELD }),
    );
  },
};
