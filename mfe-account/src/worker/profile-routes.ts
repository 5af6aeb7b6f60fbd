import type { ApiFailure, ApiResult } from "edge-api/client";
import type { SessionChange } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { DOWNLOAD_DATA_INTENT, type ProfileIntent, type ProfileView } from "../ui/account-view.ts";
import {
  CLEAR_SESSION,
  failureFor,
  page,
  seeOther,
  startSession,
  type Failure,
  type PasswordFields,
} from "./account-answers.ts";
import type { AccountContext, AccountRoute } from "./account-context.ts";
import { AccountError } from "./fragment-errors.ts";
import {
  formProblems,
  MAX_ARTICLE_SLUG,
  ProfileFormSchema,
  ProfileIntentSchema,
  SaveFormSchema,
  saveIntents,
} from "./account-forms.ts";
import { loginRoute } from "./auth-routes.ts";
import { articleHref, shapeProfile } from "./profile-shaping.ts";
import { saveAddress } from "./save-address.ts";
import { exportDownload, tooManyExports } from "./account-export.ts";

/** `/profile`: the account holder's details, sessions and saved articles, and their forms. */

/** Input ids of each profile form's fields, so a problem can point at its field. */
const fieldIdsByIntent: Partial<Record<string, Record<string, string>>> = {
  "update-name": { displayName: "a-profile-display-name" },
  "change-email": { newEmail: "a-profile-new-email", currentPassword: "a-profile-email-password" },
  "change-password": {
    currentPassword: "a-profile-current-password",
    newPassword: "a-profile-new-password",
  },
  "delete-account": { password: "a-profile-delete-password" },
};

const passwordFields: Partial<Record<ProfileIntent, PasswordFields>> = {
  "change-email": { current: "a-profile-email-password" },
  "change-password": { current: "a-profile-current-password", new: "a-profile-new-password" },
  "delete-account": { current: "a-profile-delete-password" },
};

const BAD_SAVE_LINK: Failure = {
  status: 400,
  problems: [
    {
      fieldId: null,
      message:
        "That link to save an article is not valid. Open the article and choose Save for later again.",
    },
  ],
};

/** An article the API does not know (or no longer shows): a 404 that says so, not a 500. */
const UNKNOWN_ARTICLE: Failure = {
  status: 404,
  problems: [
    {
      fieldId: null,
      message: "We could not find that article, so it was not saved. It may have been taken down.",
    },
  ],
};

function loginFirst(next: string, status: 302 | 303, signedOut = false): LoadOutcome {
  return {
    kind: "redirect",
    status,
    location: hrefFor("account.login", {}, { next }),
    ...(signedOut ? { session: CLEAR_SESSION } : {}),
  };
}

/** The access token no longer works (ended elsewhere): forget it and log in again. */
function sessionEnded(result: ApiFailure): boolean {
  return result.status === 401 && result.code !== "invalid_credentials";
}

function required<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new AccountError("api_unavailable", `${result.status} ${result.code}`);
}

async function renderSaveArticle(context: AccountContext, slug: string, failure?: Failure) {
  const found = await context.api.article(slug);
  if (!found.ok) return { kind: "not-found" } as const;
  return page(
    {
      view: "save-article",
      publication: context.publication,
      csrf: context.csrf,
      slug,
      headline: found.data.article.headline,
      articlePath: articleHref(found.data.article),
      problems: failure?.problems ?? [],
    },
    failure,
  );
}

async function renderProfile(context: AccountContext, failure?: Failure): Promise<LoadOutcome> {
  const { api, form, query, isPost } = context;
  const [account, sessions, saved] = await Promise.all([
    api.account(),
    api.sessions(),
    api.savedArticles(),
  ]);
  for (const result of [account, sessions, saved]) {
    if (!result.ok && sessionEnded(result)) {
      return loginFirst(hrefFor("account.profile"), isPost ? 303 : 302, true);
    }
  }
  const done = ProfileIntentSchema.safeParse(query.get("done"));
  const view: ProfileView = shapeProfile({
    publication: context.publication,
    csrf: context.csrf,
    done: !isPost && done.success ? done.data : null,
    problems: failure?.problems ?? [],
    account: required(account).account,
    sessions: required(sessions).sessions,
    saved: required(saved).articles,
    values: isPost ? { displayName: form.displayName, newEmail: form.newEmail } : {},
  });
  return page(view, failure);
}

export const profileRoute: AccountRoute = {
  async render(context, failure) {
    const { request, form, query, isPost } = context;
    const slug = isPost
      ? form.intent === "save-article"
        ? form.slug
        : undefined
      : query.get("save");
    if (slug && slug.length > MAX_ARTICLE_SLUG) {
      // A mangled or hostile "Save for later" link: a 400 that says so, never a broken redirect.
      return request.viewer
        ? renderProfile(context, BAD_SAVE_LINK)
        : loginRoute.render(context, BAD_SAVE_LINK);
    }
    if (!request.viewer) {
      const next = slug ? saveAddress(slug) : hrefFor("account.profile");
      return loginFirst(next, isPost ? 303 : 302);
    }
    if (slug) return renderSaveArticle(context, slug, failure);
    return renderProfile(context, failure);
  },

  /** Decision 0018: the article's own page posts these without a form token. */
  acceptsWithoutToken(form) {
    return (saveIntents as readonly (string | undefined)[]).includes(form.intent);
  },

  async submit(context) {
    if (!context.request.viewer) return this.render(context);
    if (this.acceptsWithoutToken?.(context.form)) return submitSave(context, this);
    if (context.form.intent === DOWNLOAD_DATA_INTENT) return downloadData(context, this);
    const parsed = ProfileFormSchema.safeParse(context.form);
    if (!parsed.success) {
      const fieldIds = fieldIdsByIntent[context.form.intent ?? ""] ?? {};
      return this.render(context, { status: 422, problems: formProblems(parsed.error, fieldIds) });
    }
    const { api } = context;
    const submitted = parsed.data;
    const done = (session?: SessionChange) =>
      seeOther(hrefFor("account.profile", {}, { done: submitted.intent }), session);
    let result: ApiResult<unknown>;
    switch (submitted.intent) {
      case "update-name":
        result = await api.updateAccount({ displayName: submitted.displayName });
        break;
      case "change-email":
        result = await api.changeEmail({
          newEmail: submitted.newEmail,
          currentPassword: submitted.currentPassword,
        });
        break;
      case "change-password": {
        const changed = await api.changePassword({
          currentPassword: submitted.currentPassword,
          newPassword: submitted.newPassword,
        });
        // Other sessions ended; this one carries on with the tokens the API issued for it.
        if (changed.ok) return done(startSession(changed.data.tokens));
        result = changed;
        break;
      }
      case "resend-verification":
        result = await api.resendVerification();
        break;
      case "end-session":
        result = await api.endSession(submitted.sessionId);
        break;
      case "end-all-sessions":
        result = await api.endAllSessions();
        if (result.ok || sessionEnded(result)) {
          return seeOther(hrefFor("account.login"), CLEAR_SESSION);
        }
        break;
      case "delete-account":
        result = await api.deleteAccount({ password: submitted.password });
        if (result.ok) {
          return seeOther(hrefFor("account.logout", {}, { deleted: 1 }), CLEAR_SESSION);
        }
        break;
    }
    if (result.ok) return done();
    if (sessionEnded(result)) return loginFirst(hrefFor("account.profile"), 303, true);
    return this.render(context, failureFor(result, passwordFields[submitted.intent]));
  },
};

/**
 * Saving an article or removing it (signed in): both are idempotent and undone by the other.
 * Back to `next` when it is a path on this site (the article's page sends its own), otherwise
 * to the article (saving) or the profile (removing). A slug no article has is a 400 or 404
 * page that says so.
 */
async function submitSave(context: AccountContext, route: AccountRoute): Promise<LoadOutcome> {
  const parsed = SaveFormSchema.safeParse(context.form);
  if (!parsed.success) return renderProfile(context, BAD_SAVE_LINK);
  const { api } = context;
  const { intent, slug } = parsed.data;
  const next = sameOriginPathOrNull(parsed.data.next);
  let result: ApiResult<unknown>;
  if (intent === "save-article") {
    const found = await api.article(slug);
    if (!found.ok) {
      // A slug the API refuses outright is a bad link; anything but a 4xx throws (failureFor).
      const failure =
        found.status === 404
          ? UNKNOWN_ARTICLE
          : found.status === 400
            ? BAD_SAVE_LINK
            : failureFor(found);
      return renderProfile(context, failure);
    }
    result = await api.saveArticle(slug);
    if (result.ok) return seeOther(next ?? articleHref(found.data.article));
  } else {
    result = await api.unsaveArticle(slug);
    if (result.ok) return seeOther(next ?? hrefFor("account.profile", {}, { done: intent }));
  }
  if (sessionEnded(result)) {
    return loginFirst(
      intent === "save-article" ? saveAddress(slug) : hrefFor("account.profile"),
      303,
      true,
    );
  }
  return route.render(context, failureFor(result));
}

/** "Download your data": the file, or the profile saying why not (429 with the wait). */
async function downloadData(context: AccountContext, route: AccountRoute): Promise<LoadOutcome> {
  const result = await context.api.exportAccount();
  if (result.ok) return exportDownload(result.data, context.env.PUBLICATION_TIME_ZONE);
  if (sessionEnded(result)) return loginFirst(hrefFor("account.profile"), 303, true);
  if (result.status === 429) return route.render(context, tooManyExports(result.retryAfter));
  return route.render(context, failureFor(result));
}
