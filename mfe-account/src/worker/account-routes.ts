import { z } from "zod";
import type { FragmentRequest } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { AccountView } from "../ui/account-view.ts";
import { AccountError } from "./account-errors.ts";
import { accountHead } from "./account-head.ts";
import { AccountEnvSchema, type AccountEnv } from "./account-settings.ts";
import { safeNextPath } from "./safe-next-path.ts";

/** Loaders of the account screens: validate the request, shape the view, answer. */

const LoginSearchSchema = z.object({ next: z.string().optional() });

// Nothing personal may be stored by the edge or the browser.
const PRIVATE_NO_STORE = { scope: "private", maxAge: 0 } as const;

export async function loadAccountRoute(
  request: FragmentRequest,
  env: AccountEnv,
): Promise<LoadOutcome> {
  AccountEnvSchema.parse(env);
  switch (request.routeId) {
    case "account.login": {
      const search = LoginSearchSchema.parse(
        Object.fromEntries(new URLSearchParams(request.search)),
      );
      return page({ screen: "login", next: safeNextPath(search.next) });
    }
    case "account.sign-up":
      return page({ screen: "sign-up" });
    case "account.forgot-password":
      return page({ screen: "forgot-password" });
    case "account.reset-password":
      // The reset token in the query is deliberately not read until resets are handled.
      return page({ screen: "reset-password" });
    case "account.profile":
      if (!request.viewer) {
        return {
          kind: "redirect",
          status: 302,
          location: `/login?next=${encodeURIComponent("/profile")}`,
        };
      }
      return page({ screen: "profile", displayName: request.viewer.displayName });
    default:
      throw new AccountError("unknown_route", request.routeId);
  }
}

function page(view: AccountView): LoadOutcome {
  return { kind: "page", head: accountHead(view.screen), props: view, cache: PRIVATE_NO_STORE };
}
