import type { ApiFailure, ApiResult } from "edge-api/client";
import type { TokenPair } from "edge-api/contract/account";
import type { SessionChange } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { failureFor, seeOther, startSession, type Failure } from "../../worker/account-answers.ts";
import type { AccountContext, AccountRoute } from "../../worker/account-context.ts";
import { formProblems } from "../../worker/account-forms.ts";
import { AccountError } from "../../worker/fragment-errors.ts";
import type { SignInView } from "../ui/newsroom-view.ts";
import { deskPage, doorFor, STAFF_ONLY } from "./newsroom-answers.ts";
import { SignInFormSchema } from "./newsroom-forms.ts";
import { qrCodeSvg, secretGroups } from "./qr-code.ts";

/**
 * `/newsroom/sign-in`: the second factor (TOTP, RFC 6238; decision 0015). Not enrolled: a
 * button starts enrolment, whose answer shows the QR code and the secret once; the code from
 * the app confirms it and the recovery codes are shown once. Enrolled: the code, or a recovery
 * code. Passing either starts a newsroom session (new tokens, as logging in sets them).
 */

export const CODE_FIELD = "a-nr-code";
export const ENROL_CODE_FIELD = "a-nr-enrol-code";
export const RECOVERY_FIELD = "a-nr-recovery-code";

const fieldIds: Record<string, Record<string, string>> = {
  "confirm-enrolment": { code: ENROL_CODE_FIELD },
  verify: { code: CODE_FIELD },
  recovery: { recoveryCode: RECOVERY_FIELD },
};

const WRONG_CODE: Record<string, string> = {
  [ENROL_CODE_FIELD]:
    "That code is not right. Enter the newest code your app shows for this account; codes change every 30 seconds.",
  [CODE_FIELD]:
    "That code is not right, or it was already used. Wait for the next code in your app and enter it.",
  [RECOVERY_FIELD]: "That recovery code is not right, or it was already used.",
};

const SIGN_IN_PATH = hrefFor("account.newsroom-sign-in");

/**
 * Where to go once through: `next` when it is a path on this site, else the desk. Never this
 * page itself: a session that has passed would be sent round in a circle.
 */
function nextOf({ form, query, isPost }: AccountContext): string {
  const next = sameOriginPathOrNull(isPost ? form.next : query.get("next"));
  const loops = next !== null && new URL(next, "https://site.invalid").pathname === SIGN_IN_PATH;
  return next === null || loops ? hrefFor("content.newsroom") : next;
}

function view(
  context: AccountContext,
  state: SignInView["state"],
  parts: Partial<Pick<SignInView, "enrolment" | "recoveryCodes" | "problems">> = {},
): SignInView {
  return {
    view: "newsroom-sign-in",
    publication: context.publication,
    csrf: context.csrf,
    state,
    next: nextOf(context),
    enrolment: parts.enrolment ?? null,
    recoveryCodes: parts.recoveryCodes ?? [],
    problems: parts.problems ?? [],
  };
}

/** A refused code or a refusal at the door; anything else as the account screens show it. */
function refused(
  context: AccountContext,
  result: ApiFailure,
  fieldId: string,
  conflict: string,
): Promise<LoadOutcome> | LoadOutcome {
  const door = doorFor(result, context, STAFF_ONLY);
  if (door) return door;
  if (result.code === "invalid_code") {
    const message = WRONG_CODE[fieldId] ?? "That code is not right.";
    return signInRoute.render(context, { status: 400, problems: [{ fieldId, message }] });
  }
  if (result.status === 409) {
    // The state moved under the form (set up meanwhile, a setup replaced, a key to set up
    // again); the page shown next is the one for the state as it is now.
    const problems = [{ fieldId: null, message: conflict }];
    return signInRoute.render(context, { status: 409, problems });
  }
  return signInRoute.render(context, failureFor(result));
}

const ALREADY_SET_UP = "Your authenticator app is already set up. Enter the code it shows.";
const ENROLMENT_GONE =
  "This setup is no longer waiting for a code. If the page does not ask for your code, start again with a new key.";
const SET_UP_FIRST =
  "Your authenticator app needs setting up before its codes work. Follow the steps on this page.";

function through(
  context: AccountContext,
  result: ApiResult<{ tokens: TokenPair; usedRecoveryCode: boolean }>,
  fieldId: string,
): Promise<LoadOutcome> | LoadOutcome {
  if (!result.ok) return refused(context, result, fieldId, SET_UP_FIRST);
  const session: SessionChange = startSession(result.data.tokens);
  const next = nextOf(context);
  // A spent recovery code leaves fewer: the security page says how many and offers new ones.
  if (result.data.usedRecoveryCode) {
    const security = hrefFor(
      "account.newsroom-security",
      {},
      { notice: "recovery-code-used", next },
    );
    return seeOther(security, session);
  }
  return seeOther(next, session);
}

export const signInRoute: AccountRoute = {
  async render(context, failure?: Failure) {
    const state = await context.api.call("secondFactor", {});
    if (!state.ok) {
      const door = doorFor(state, context, STAFF_ONLY);
      if (door) return door;
      throw new AccountError("api_unavailable", `${state.status} ${state.code}`);
    }
    if (state.data.verified) {
      return { kind: "redirect", status: context.isPost ? 303 : 302, location: nextOf(context) };
    }
    // A code for an enrolment that was started earlier: its QR code is not shown again.
    const enrolling = context.isPost && context.form.intent === "confirm-enrolment";
    const screen = state.data.enrolled ? "code" : enrolling ? "enrol" : "start";
    return deskPage(view(context, screen, { problems: failure?.problems ?? [] }), failure);
  },

  async submit(context) {
    const parsed = SignInFormSchema.safeParse(context.form);
    if (!parsed.success) {
      const ids = fieldIds[context.form.intent ?? ""] ?? {};
      return this.render(context, { status: 422, problems: formProblems(parsed.error, ids) });
    }
    const { api } = context;
    const submitted = parsed.data;
    switch (submitted.intent) {
      case "start-enrolment": {
        const started = await api.call("startEnrolment", {});
        if (!started.ok) return refused(context, started, CODE_FIELD, ALREADY_SET_UP);
        const { secret, otpauthUri } = started.data;
        const enrolment = { qrSvg: qrCodeSvg(otpauthUri), secretGroups: secretGroups(secret) };
        return deskPage(view(context, "enrol", { enrolment }));
      }
      case "confirm-enrolment": {
        const confirmed = await api.call("confirmEnrolment", { body: { code: submitted.code } });
        if (!confirmed.ok) return refused(context, confirmed, ENROL_CODE_FIELD, ENROLMENT_GONE);
        // The codes are in this answer only: a reload is a GET, which goes on to `next`.
        const codes = view(context, "codes", { recoveryCodes: confirmed.data.recoveryCodes });
        return deskPage(codes, undefined, startSession(confirmed.data.tokens));
      }
      case "verify": {
        const passed = await api.call("passSecondFactor", { body: { code: submitted.code } });
        return through(context, passed, CODE_FIELD);
      }
      case "recovery": {
        const body = { code: submitted.recoveryCode };
        const passed = await api.call("passSecondFactor", { body });
        return through(context, passed, RECOVERY_FIELD);
      }
    }
  },
};
