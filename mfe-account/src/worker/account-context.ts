import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { PublicationView } from "../ui/account-view.ts";
import type { Failure } from "./account-answers.ts";
import type { CheckedAccountEnv } from "./fragment-env.ts";

/** What every account route gets: the request, its parts, the API and a fresh form token. */
export interface AccountContext {
  request: FragmentRequest;
  env: CheckedAccountEnv;
  /** The publication from `[vars]`, for every screen's view (its name in head and page). */
  publication: PublicationView;
  /** edge-api, on behalf of this reader (their address, browser and access token). */
  api: ApiClient;
  /** edge-api for the session a form just started (after logging in or a sign-up's link). */
  apiAs(accessToken: string): ApiClient;
  /** The form token for forms on the page being answered. */
  csrf: string;
  query: URLSearchParams;
  /** The submitted fields; empty for a GET. */
  form: Readonly<Record<string, string>>;
  isPost: boolean;
}

export interface AccountRoute {
  /** The screen, on a GET or again after a submission failed (then with `failure`). */
  render(context: AccountContext, failure?: Failure): Promise<LoadOutcome>;
  /** Handles the screen's form, after the form token was checked. */
  submit(context: AccountContext): Promise<LoadOutcome>;
  /**
   * Forms this route handles without a form token (decision 0018: saving an article from its
   * cached page); every other form of every route needs one.
   */
  acceptsWithoutToken?(form: Readonly<Record<string, string>>): boolean;
}
