import { createApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { FORM_EXPIRED } from "./account-answers.ts";
import type { AccountContext, AccountRoute } from "./account-context.ts";
import { AccountError } from "./account-errors.ts";
import { AccountEnvSchema, type AccountEnv } from "./account-settings.ts";
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
import { profileRoute } from "./profile-routes.ts";

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
]);

export async function loadAccountRoute(
  request: FragmentRequest,
  rawEnv: AccountEnv,
): Promise<LoadOutcome> {
  const env = AccountEnvSchema.parse(rawEnv);
  const route = routes.get(request.routeId);
  if (!route) throw new AccountError("unknown_route", request.routeId);
  const isPost = request.method === "POST";
  const context: AccountContext = {
    request,
    env,
    api: createApiClient(env.API, {
      requestId: request.requestId,
      client: { ip: request.client.ip, userAgent: request.client.userAgent },
      accessToken: request.accessToken,
    }),
    csrf: await mintCsrfToken(env.CSRF_SECRET, request.viewer),
    query: new URLSearchParams(request.search),
    form: isPost ? (request.form ?? {}) : {},
    isPost,
  };
  if (!isPost) return route.render(context);
  // SECURITY 14: the shell already refused cross-site posts; the token proves this site's form.
  if (!(await verifyCsrfToken(env.CSRF_SECRET, request.viewer, context.form.csrf))) {
    return route.render(context, FORM_EXPIRED);
  }
  return route.submit(context);
}
