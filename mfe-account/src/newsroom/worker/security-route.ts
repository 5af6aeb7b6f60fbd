import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { failureFor, type Failure } from "../../worker/account-answers.ts";
import type { AccountContext, AccountRoute } from "../../worker/account-context.ts";
import { AccountError } from "../../worker/fragment-errors.ts";
import { securityNotices, type SecurityView } from "../ui/newsroom-view.ts";
import { deskPage, doorFor, STAFF_ONLY } from "./newsroom-answers.ts";
import { SecurityFormSchema } from "./newsroom-forms.ts";

/**
 * `/newsroom/security`: the person's own second factor, how many recovery codes are left, and
 * new ones (which replace the old; shown on that answer only, never on a reload).
 */

function noticeOf(context: AccountContext): SecurityView["notice"] {
  if (context.isPost) return null;
  const notice = context.query.get("notice");
  return securityNotices.find((known) => known === notice) ?? null;
}

async function show(
  context: AccountContext,
  failure?: Failure,
  recoveryCodes: string[] = [],
): Promise<LoadOutcome> {
  const state = await context.api.call("secondFactor", {});
  if (!state.ok) {
    const door = doorFor(state, context, STAFF_ONLY);
    if (door) return door;
    throw new AccountError("api_unavailable", `${state.status} ${state.code}`);
  }
  const view: SecurityView = {
    view: "newsroom-security",
    publication: context.publication,
    csrf: context.csrf,
    role: state.data.role,
    enrolled: state.data.enrolled,
    recoveryCodesLeft: state.data.recoveryCodesLeft,
    recoveryCodes,
    notice: noticeOf(context),
    next: context.isPost ? null : sameOriginPathOrNull(context.query.get("next")),
    problems: failure?.problems ?? [],
  };
  return deskPage(view, failure);
}

export const securityRoute: AccountRoute = {
  render: (context, failure) => show(context, failure),

  async submit(context) {
    if (!SecurityFormSchema.safeParse(context.form).success) {
      const problem = {
        fieldId: null,
        message: "Something was missing from that form. Please try again.",
      };
      return show(context, { status: 422, problems: [problem] });
    }
    const made = await context.api.call("newRecoveryCodes", {});
    if (!made.ok) return doorFor(made, context, STAFF_ONLY) ?? show(context, failureFor(made));
    return show(context, undefined, made.data.recoveryCodes);
  },
};
