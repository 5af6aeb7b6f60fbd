import { hrefFor } from "shell/contract/addresses";
import { NextPathSchema, type TokenPair } from "edge-api/contract/account";
import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { AccountView, Problem } from "../ui/account-view.ts";
import {
  CLEAR_SESSION,
  failureFor,
  page,
  seeOther,
  startSession,
  tooManyAttempts,
  type Failure,
} from "./account-answers.ts";
import type { AccountContext, AccountRoute } from "./account-context.ts";
import {
  EmailTokenFormSchema,
  ForgotPasswordFormSchema,
  formProblems,
  LoginFormSchema,
  ResetPasswordFormSchema,
  SignUpFormSchema,
} from "./account-forms.ts";
import { afterSigningIn } from "./save-address.ts";

/** Log in, sign up, forgotten and reset passwords, emailed links and logging out. */

const problemsOf = (failure?: Failure): Problem[] => failure?.problems ?? [];

/** An invalid, expired or used link: the page explains and links to a new one. */
const INVALID_TOKEN: Failure = { status: 400, problems: [] };

/**
 * A sign-up's `next`: a path on this site as the kit checks it (`sameOriginPathOrNull`, as
 * logging in does) and as the API's sign-up takes it (no backslash anywhere); anything else is
 * dropped, never sent or followed.
 */
function signUpNextOrNull(value: string | null | undefined): string | null {
  const path = sameOriginPathOrNull(value);
  return path !== null && NextPathSchema.safeParse(path).success ? path : null;
}

/** The same answer for an unknown email and a wrong password (SECURITY 4). */
export const LOGIN_MISMATCH = "That email and password don't match an account.";

/**
 * A logged-in reader who opens log in, sign up or forgotten password is told so, with the way
 * to the profile and to log out, instead of the form again (issue 15). Only on a GET: what a
 * form sent from an older tab does is unchanged, and its problems are shown with the form.
 */
function loggedIn(
  { request, publication, csrf, isPost }: AccountContext,
  asked: "login" | "sign-up" | "forgot-password",
) {
  if (isPost || request.viewer === null) return null;
  const { displayName } = request.viewer;
  return page({ view: "logged-in", publication, csrf, asked, displayName });
}

export const loginRoute: AccountRoute = {
  async render(context, failure) {
    const { publication, csrf, form, query, isPost } = context;
    const shown = loggedIn(context, "login");
    if (shown) return shown;
    const next = sameOriginPathOrNull(isPost ? form.next : query.get("next"));
    return page(
      {
        view: "login",
        publication,
        csrf,
        next,
        email: form.email ?? "",
        problems: problemsOf(failure),
      },
      failure,
    );
  },
  async submit(context) {
    const parsed = LoginFormSchema.safeParse(context.form);
    if (!parsed.success) {
      const problems = formProblems(parsed.error, {
        email: "a-login-email",
        password: "a-login-password",
      });
      return this.render(context, { status: 422, problems });
    }
    const result = await context.api.login(parsed.data);
    if (result.ok) {
      // A save address as next saves the article and lands on it (issue 15).
      const session = startSession(result.data.tokens, result.data.device);
      return afterSigningIn(context, sameOriginPathOrNull(context.form.next), session);
    }
    if (result.code === "invalid_credentials" || result.status === 401) {
      return this.render(context, {
        status: 401,
        problems: [{ fieldId: null, message: LOGIN_MISMATCH }],
      });
    }
    return this.render(context, failureFor(result));
  },
};

export const signUpRoute: AccountRoute = {
  async render(context, failure) {
    const { publication, csrf, form, query, isPost } = context;
    const state = query.get("sent") === "1" && !failure ? "sent" : "form";
    // "Check your email" stays: a form sent while logged in still gets its answer.
    const shown = state === "form" ? loggedIn(context, "sign-up") : null;
    if (shown) return shown;
    const view: AccountView = {
      view: "sign-up",
      publication,
      csrf,
      state,
      email: form.email ?? "",
      displayName: form.displayName ?? "",
      next: signUpNextOrNull(isPost ? form.next : query.get("next")),
      problems: problemsOf(failure),
    };
    return page(view, failure);
  },
  async submit(context) {
    const parsed = SignUpFormSchema.safeParse(context.form);
    if (!parsed.success) {
      const problems = formProblems(parsed.error, {
        email: "a-sign-up-email",
        displayName: "a-sign-up-display-name",
        password: "a-sign-up-password",
      });
      return this.render(context, { status: 422, problems });
    }
    // The emailed link hands `next` back, so the reader lands where they started (issue 15).
    const next = signUpNextOrNull(context.form.next);
    const result = await context.api.signUp({ ...parsed.data, ...(next ? { next } : {}) });
    // Every address gets the same "check your email" (issue 14): the emailed link finishes.
    if (result.ok) return seeOther(hrefFor("account.sign-up", {}, { sent: 1 }));
    return this.render(context, failureFor(result, { new: "a-sign-up-password" }));
  },
};

export const forgotPasswordRoute: AccountRoute = {
  async render(context, failure) {
    const { publication, csrf, form, query } = context;
    const state = query.get("sent") === "1" && !failure ? "sent" : "form";
    const shown = state === "form" ? loggedIn(context, "forgot-password") : null;
    if (shown) return shown;
    return page(
      {
        view: "forgot-password",
        publication,
        csrf,
        state,
        email: form.email ?? "",
        problems: problemsOf(failure),
      },
      failure,
    );
  },
  async submit(context) {
    const parsed = ForgotPasswordFormSchema.safeParse(context.form);
    if (!parsed.success) {
      const problems = formProblems(parsed.error, { email: "a-forgot-email" });
      return this.render(context, { status: 422, problems });
    }
    const result = await context.api.forgotPassword(parsed.data.email);
    // Whether or not the address has an account, the answer is the same (SECURITY 6).
    if (result.ok) return seeOther(hrefFor("account.forgot-password", {}, { sent: 1 }));
    if (result.status === 429) return this.render(context, tooManyAttempts(result.retryAfter));
    return this.render(context, failureFor(result));
  },
};

/**
 * Where a screen reached through an emailed link stands: done (after its redirect), an invalid
 * or missing token, or the form with the token carried along.
 */
function tokenScreen(
  form: Record<string, string>,
  query: URLSearchParams,
  isPost: boolean,
  failure: unknown,
): { token: string; state: "done" | "invalid" | "missing" | "form" } {
  const token = (isPost ? form.token : query.get("token")) ?? "";
  const state =
    query.get("done") === "1" && !isPost
      ? "done"
      : failure === INVALID_TOKEN
        ? "invalid"
        : token === ""
          ? "missing"
          : "form";
  return { token, state };
}

export const resetPasswordRoute: AccountRoute = {
  async render({ publication, csrf, form, query, isPost }, failure) {
    const { token, state } = tokenScreen(form, query, isPost, failure);
    return page(
      {
        view: "reset-password",
        publication,
        csrf,
        state,
        token: state === "form" ? token : "",
        problems: problemsOf(failure),
      },
      failure,
    );
  },
  async submit(context) {
    const parsed = ResetPasswordFormSchema.safeParse(context.form);
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === "token")) {
      return this.render(context, INVALID_TOKEN);
    }
    if (!parsed.success) {
      const problems = formProblems(parsed.error, { password: "a-reset-password" });
      return this.render(context, { status: 422, problems });
    }
    const result = await context.api.resetPassword(parsed.data);
    // A reset does not sign anyone in (SECURITY 8): whatever session this browser had ends.
    if (result.ok)
      return seeOther(hrefFor("account.reset-password", {}, { done: 1 }), CLEAR_SESSION);
    if (result.code === "invalid_token") return this.render(context, INVALID_TOKEN);
    return this.render(context, failureFor(result, { new: "a-reset-password" }));
  },
};

/** The session a verification link started: only a sign-up's link signs in (issue 14). */
const signedInBy = (answer: { account: unknown; tokens?: TokenPair }) => answer.tokens;
/** The sign-up's `next` the verification link hands back (issue 15); confirm links have none. */
const nextOf = (answer: object) =>
  sameOriginPathOrNull("next" in answer && typeof answer.next === "string" ? answer.next : null);

function emailTokenRoute(screen: "verify-email" | "confirm-email"): AccountRoute {
  return {
    async render({ publication, csrf, form, query, isPost }, failure) {
      const { token, state } = tokenScreen(form, query, isPost, failure);
      const view: AccountView = {
        view: screen,
        publication,
        csrf,
        state,
        token: state === "form" ? token : "",
        problems: problemsOf(failure),
      };
      return page(view, failure);
    },
    async submit(context) {
      const parsed = EmailTokenFormSchema.safeParse(context.form);
      if (!parsed.success) return this.render(context, INVALID_TOKEN);
      const result =
        screen === "verify-email"
          ? await context.api.verifyEmail(parsed.data.token)
          : await context.api.confirmEmail(parsed.data.token);
      // A sign-up's link made the account and signed in: on to its next (an article being
      // saved is saved first), or the profile.
      const tokens = result.ok ? signedInBy(result.data) : undefined;
      if (result.ok && tokens) {
        return afterSigningIn(context, nextOf(result.data), startSession(tokens));
      }
      if (result.ok) return seeOther(hrefFor(`account.${screen}`, {}, { done: 1 }));
      // A malformed token is as useless as an expired one.
      if (result.code === "invalid_token" || result.code === "invalid_request") {
        return this.render(context, INVALID_TOKEN);
      }
      return this.render(context, failureFor(result));
    },
  };
}

export const verifyEmailRoute = emailTokenRoute("verify-email");
export const confirmEmailRoute = emailTokenRoute("confirm-email");

export const logoutRoute: AccountRoute = {
  async render({ publication, csrf, request, query }, failure) {
    const state = request.viewer
      ? "confirm"
      : query.get("deleted") === "1"
        ? "deleted"
        : "anonymous";
    return page(
      { view: "logout", publication, csrf, state, problems: problemsOf(failure) },
      failure,
    );
  },
  // The shell revokes the refresh token when it clears the cookies.
  async submit() {
    return seeOther(hrefFor("content.home"), CLEAR_SESSION);
  },
};
