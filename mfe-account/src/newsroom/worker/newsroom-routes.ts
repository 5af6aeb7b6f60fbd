import type { AccountRoute } from "../../worker/account-context.ts";
import { auditRoute } from "./audit-route.ts";
import { joinRoute } from "./join-route.ts";
import { securityRoute } from "./security-route.ts";
import { signInRoute } from "./sign-in-route.ts";
import { staffRoute } from "./staff-route.ts";

/**
 * The account fragment's newsroom routes (issue 13). They share the account Worker's entry:
 * its env, API client and form-token check (`account-routes.ts`); the shell renders them with
 * `NewsroomApp` and keeps the door by each route's level.
 */
export const newsroomRoutes: ReadonlyArray<readonly [string, AccountRoute]> = [
  ["account.newsroom-sign-in", signInRoute],
  ["account.newsroom-join", joinRoute],
  ["account.newsroom-staff", staffRoute],
  ["account.newsroom-security", securityRoute],
  ["account.newsroom-audit", auditRoute],
];
