import { ApiContractError, createApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { publicationOf } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { FORM_EXPIRED } from "./account-answers.ts";
import type { AccountContext, AccountRoute } from "./account-context.ts";
import {
  confirmEmailRoute,
  forgotPasswordRoute,
  loginRoute,
  logoutRoute,
  resetPasswordRoute,
  signUpRoute,
  verifyEmailRoute,
} from "./auth-routes.ts";
import { mintCsrfToken, verifyCsrfToken } from "./csrf-token.ts";
import { readAccountEnv, type AccountEnv } from "./fragment-env.ts";
import { formsUnavailable, usableFormSecret } from "./form-secret.ts";
import { AccountError } from "./fragment-errors.ts";
import { profileRoute } from "./profile-routes.ts";
import { newsroomRoutes } from "../newsroom/worker/newsroom-routes.ts";

/** Entry of the account screens: picks the route, checks the form token, hands over. */

const routes: ReadonlyMap<string, AccountRoute> = new Map([
  ["account.login", loginRoute],
  ["account.sign-up", signUpRoute],
  ["account.forgot-password", forgotPasswordRoute],
  ["account.reset-password", resetPasswordRoute],
  ["account.verify-email", verifyEmailRoute],
  ["account.confirm-email", confirmEmailRoute],
  ["account.logout", logoutRoute],
  ["account.profile", profileRoute],
  ...newsroomRoutes,
]);

export async function loadAccountRoute(
  request: FragmentRequest,
  rawEnv: AccountEnv,
): Promise<LoadOutcome> {
  // A bad configuration throws `bad_configuration` naming the keys, before anything is asked.
  const env = readAccountEnv(rawEnv);
  const route = routes.get(request.routeId);
  if (!route) throw new AccountError("unknown_route", request.routeId);
  const isPost = request.method === "POST";
  const secret = usableFormSecret(env.CSRF_SECRET);
  const csrf = secret === null ? null : await mintCsrfToken(secret, request.viewer);
  const formsDown = () => formsUnavailable(env.CSRF_SECRET, request.requestId);
  const apiAs = (accessToken: string | null) =>
    createApiClient(env.API, {
      requestId: request.requestId,
      // The device token goes to the API with a login only (the client sends it nowhere else).
      client: request.client,
      accessToken,
    });
  const context: AccountContext = {
    request,
    env,
    publication: { name: publicationOf(env).name },
    api: apiAs(request.accessToken),
    apiAs,
    // Read only by screens that show a form: without a usable CSRF_SECRET those fail (the
    // shell's 503 page), every other screen still renders.
    get csrf() {
      if (csrf === null) throw formsDown();
      return csrf;
    },
    query: new URLSearchParams(request.search),
    form: isPost ? (request.form ?? {}) : {},
    isPost,
  };
  return answer(route, context, secret ?? formsDown).catch((error: unknown) => {
    throw asAccountError(error);
  });
}

/** `secret` is CSRF_SECRET, or what a form answers while it is unusable. */
async function answer(
  route: AccountRoute,
  context: AccountContext,
  secret: string | (() => Error),
): Promise<LoadOutcome> {
  if (!context.isPost) return route.render(context);
  // Decision 0018: saving from an article's cached page carries no token (the shell refused
  // cross-site posts); such a form needs no secret either.
  if (route.acceptsWithoutToken?.(context.form)) return route.submit(context);
  if (typeof secret !== "string") throw secret();
  // SECURITY 14: the shell already refused cross-site posts; the token proves this site's form.
  const { request, form } = context;
  if (!(await verifyCsrfToken(secret, request.viewer, form.csrf))) {
    return route.render(context, FORM_EXPIRED);
  }
  return route.submit(context);
}

/**
 * A failure as this Worker's catalogue names it, for the kit's log line: the client's
 * `ApiContractError` (an answer that breaks edge-api's contract) is `bad_api_data`; anything
 * else is thrown as it came. Either way the shell shows its unavailable region.
 */
function asAccountError(error: unknown): unknown {
  return error instanceof ApiContractError
    ? new AccountError("bad_api_data", error.message)
    : error;
}
